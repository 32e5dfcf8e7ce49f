/** Registered wallets and bank beneficiaries. */
import { BANK_BENEFICIARY_TYPES, NETWORK_IDS, PIX_KEY_TYPES } from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { organizations } from './identity';

/**
 * Blockchain wallets an organization registered as stablecoin destinations (issue 10). EVM
 * addresses are stored in their EIP-55 checksum form, so one address has one spelling in the
 * unique index; Solana addresses are case-sensitive and stored as given.
 */
export const registeredWallets = pgTable(
  'registered_wallets',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    network: text('network', { enum: NETWORK_IDS }).notNull(),
    address: text('address').notNull(),
    name: text('name').notNull(),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('registered_wallets_organization_network_address_unique').on(
      table.organizationUid,
      table.network,
      table.address,
    ),
    check('registered_wallets_network_check', sql`${table.network} in (${sqlList(NETWORK_IDS)})`),
  ],
);

/**
 * Bank accounts an organization pays out to: a Mexican CLABE (bank_account_number, 18 digits) or a
 * Brazilian Pix key (pix_key_type + pix_key, normalized: CPF/CNPJ digits, +phone, lowercased e-mail
 * or random key). account_key is the one normalized key of either kind, unique per organization
 * and type.
 */
export const bankBeneficiaries = pgTable(
  'bank_beneficiaries',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    type: text('type', { enum: BANK_BENEFICIARY_TYPES }).notNull(),
    pixKeyType: text('pix_key_type', { enum: PIX_KEY_TYPES }),
    accountKey: text('account_key').notNull(),
    name: text('name').notNull(),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_beneficiaries_organization_type_key_unique').on(
      table.organizationUid,
      table.type,
      table.accountKey,
    ),
    check('bank_beneficiaries_type_check', sql`${table.type} in (${sqlList(BANK_BENEFICIARY_TYPES)})`),
    check(
      'bank_beneficiaries_pix_key_type_check',
      sql`(${table.type} = 'Clabe' and ${table.pixKeyType} is null) or (${table.type} = 'PixKey' and ${table.pixKeyType} in (${sqlList(PIX_KEY_TYPES)}))`,
    ),
  ],
);

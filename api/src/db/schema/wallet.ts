/** Each organization's Safe, its proposed signers and the relayer's nonces. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { memberships, organizations, signingDevices } from './identity';

export const WALLET_STATUSES = ['undeployed', 'deploying', 'deployed', 'failed'] as const;

/**
 * An organization's multi-signature wallet (api/src/modules/wallet). No row means undeployed with
 * no signer. From the deploy request on, the exact Safe configuration is kept here (ordered owners,
 * threshold, salt nonce, factory, singleton, fallback handler, chain) with the address it predicts,
 * before any transaction is sent, so every retry deploys the same Safe at the same address.
 */
export const wallets = pgTable(
  'wallets',
  {
    organizationUid: uuid('organization_uid')
      .primaryKey()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    status: text('status', { enum: WALLET_STATUSES }).notNull().default('undeployed'),
    chainId: integer('chain_id'),
    address: text('address'),
    /** EIP-55 owner addresses in setup order. */
    owners: jsonb('owners').$type<string[]>(),
    threshold: integer('threshold'),
    /** uint256 as a decimal string. */
    saltNonce: text('salt_nonce'),
    proxyFactory: text('proxy_factory'),
    singleton: text('singleton'),
    fallbackHandler: text('fallback_handler'),
    /** Bumped by every deploy request and retry: the deploy job of an older attempt does nothing. */
    deployAttempt: integer('deploy_attempt').notNull().default(0),
    /** The createProxyWithNonce transaction, recorded (signed) before it is broadcast. */
    txHash: text('tx_hash'),
    txNonce: integer('tx_nonce'),
    rawTx: text('raw_tx'),
    error: text('error'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [check('wallets_status_check', sql`${table.status} in (${sqlList(WALLET_STATUSES)})`)],
);

/** A proposed signer: a member of the organization, Ready once they chose one of their signing devices. */
export const walletSigners = pgTable(
  'wallet_signers',
  {
    organizationUid: uuid('organization_uid').notNull(),
    userUid: uuid('user_uid').notNull(),
    signingDeviceUid: uuid('signing_device_uid').references(() => signingDevices.uid, {
      onDelete: 'set null',
    }),
    /** Proposal order: the Safe's owner order. */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationUid, table.userUid] }),
    // Someone who leaves the organization stops being a proposed signer.
    foreignKey({
      columns: [table.organizationUid, table.userUid],
      foreignColumns: [memberships.organizationUid, memberships.userUid],
      name: 'wallet_signers_membership_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * The relayer's next nonce per chain: deployments of different organizations take nonces one at a
 * time under this row's lock, so two concurrent jobs never sign two transactions with one nonce.
 */
export const walletRelayerNonces = pgTable(
  'wallet_relayer_nonces',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: integer('next_nonce').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address] })],
);

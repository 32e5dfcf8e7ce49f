/** Payment providers, their sender addresses, the organizations' accounts with them and the webhooks seen. */
import {
  PROVIDER_ACCOUNT_STATUSES,
  type TCatalogueProvider,
  type TCodedMessage,
  type TProviderRequirement,
} from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { organizations, users } from './identity';

/** The provider adapters this build has (api/src/modules/providers/adapters/registry.ts). */
export const PROVIDER_ADAPTERS = ['sandbox'] as const;

/** Payment providers the organizations correspond with (global records: the same provider writes to many). */
export const providers = pgTable('providers', {
  uid: uuid('uid').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The logo (null: the UI shows the name's initials). */
  imageUrl: text('image_url'),
  /** The catalogue (/explore): what it offers. Amounts are decimal strings (see ZProviderFee). */
  description: text('description').notNull().default(''),
  countries: jsonb('countries').$type<string[]>().notNull().default([]),
  fiat: jsonb('fiat').$type<TCatalogueProvider['fiat']>().notNull().default([]),
  stablecoins: jsonb('stablecoins').$type<TCatalogueProvider['stablecoins']>().notNull().default([]),
  fees: jsonb('fees').$type<TCatalogueProvider['fees']>().notNull().default([]),
  /** Listed in the catalogue (providers we only correspond with are not). */
  listed: boolean('listed').notNull().default(false),
  onboardingOpen: boolean('onboarding_open').notNull().default(false),
  /**
   * Which adapter speaks to it (api/src/modules/providers/adapters) and the account it uses there;
   * null: none.
   */
  adapter: text('adapter', { enum: PROVIDER_ADAPTERS }),
  adapterAccount: text('adapter_account'),
  createdAt: createdAt(),
});

/** The addresses a provider writes from: inbound mail from any other sender is refused. */
export const providerAddresses = pgTable(
  'provider_addresses',
  {
    /** Lowercased bare address. */
    address: text('address').primaryKey(),
    providerUid: uuid('provider_uid')
      .notNull()
      .references(() => providers.uid, { onDelete: 'cascade' }),
  },
  (table) => [
    index('provider_addresses_provider_uid_idx').on(table.providerUid),
    check('provider_addresses_lowercase', sql`${table.address} = lower(${table.address})`),
  ],
);

/**
 * An organization's account with a provider (/open-stable): one per (organization, provider). The
 * provider is told by the job `provider.onboarding.start` after the commit; its webhooks move it on.
 */
export const providerAccounts = pgTable(
  'provider_accounts',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    providerUid: uuid('provider_uid')
      .notNull()
      .references(() => providers.uid, { onDelete: 'cascade' }),
    status: text('status', { enum: PROVIDER_ACCOUNT_STATUSES }).notNull(),
    /** Counts starts: the provider call's idempotency key is `<uid>:<attempt>`, so a retried job never onboards twice. */
    attempt: integer('attempt').notNull().default(1),
    externalId: text('external_id'),
    reason: text('reason'),
    /** The code of `reason` when the reason is ours (the provider's own words have none). */
    reasonCode: jsonb('reason_code').$type<TCodedMessage>(),
    requirements: jsonb('requirements').$type<TProviderRequirement[]>().notNull().default([]),
    startedBy: uuid('started_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('provider_accounts_organization_provider_unique').on(
      table.organizationUid,
      table.providerUid,
    ),
    check('provider_accounts_status_check', sql`${table.status} in (${sqlList(PROVIDER_ACCOUNT_STATUSES)})`),
  ],
);

/** Provider webhook events already processed: a delivery seen before answers 200 and changes nothing. */
export const providerWebhookEvents = pgTable(
  'provider_webhook_events',
  {
    providerUid: uuid('provider_uid')
      .notNull()
      .references(() => providers.uid, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.providerUid, table.eventId] })],
);

/** Quotes, transfers, their counts, volumes and status changes. */
import {
  NETWORK_IDS,
  TRANSFER_EVENT_SOURCES,
  TRANSFER_FAILURE_REASON_CODES,
  TRANSFER_NOTE_CODES,
  TRANSFER_REVIEW_CODES,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  type TTransferInstructions,
  type TTransferNoteParams,
  type TTransferReviewParams,
} from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { amount, createdAt, sqlList } from './columns';
import { bankBeneficiaries, registeredWallets } from './counterparties';
import { organizations, users } from './identity';
import { providers } from './providers';

/**
 * A provider's quote (issue 11): what it offers for one amount until expires_at. Used once: the
 * transfer that accepts it sets used_by.
 */
export const quotes = pgTable(
  'quotes',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    providerUid: uuid('provider_uid')
      .notNull()
      .references(() => providers.uid, { onDelete: 'cascade' }),
    type: text('type', { enum: ['on_ramp', 'off_ramp'] }).notNull(),
    network: text('network', { enum: NETWORK_IDS }).notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    sourceCurrency: text('source_currency').notNull(),
    sourceAmount: amount('source_amount').notNull(),
    targetCurrency: text('target_currency').notNull(),
    targetAmount: amount('target_amount').notNull(),
    rate: amount('rate').notNull(),
    fee: amount('fee').notNull(),
    feeCurrency: text('fee_currency').notNull(),
    /** The provider's own quote id. */
    externalId: text('external_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedBy: uuid('used_by'),
    createdBy: uuid('created_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('quotes_organization_idx').on(table.organizationUid, table.createdAt)],
);

/**
 * One movement of money (on-ramp, off-ramp, deposit). Its status only moves forward along
 * TRANSFER_TRANSITIONS (transfers/state.ts), each step in transfer_events. The provider is told by
 * the job `transfer.submit` with this uid as its idempotency key.
 */
export const transfers = pgTable(
  'transfers',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    providerUid: uuid('provider_uid')
      .notNull()
      .references(() => providers.uid),
    quoteUid: uuid('quote_uid')
      .notNull()
      .references(() => quotes.uid),
    type: text('type', { enum: TRANSFER_TYPES }).notNull(),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull(),
    network: text('network', { enum: NETWORK_IDS }).notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    sourceCurrency: text('source_currency').notNull(),
    sourceAmount: amount('source_amount').notNull(),
    targetCurrency: text('target_currency').notNull(),
    targetAmount: amount('target_amount').notNull(),
    rate: amount('rate').notNull(),
    fee: amount('fee').notNull(),
    feeCurrency: text('fee_currency').notNull(),
    walletUid: uuid('wallet_uid').references(() => registeredWallets.uid, { onDelete: 'set null' }),
    walletName: text('wallet_name'),
    walletAddress: text('wallet_address'),
    /** An off-ramp paid from the organization's Safe: its address (the ledger takes the tokens from it). */
    safeAddress: text('safe_address'),
    bankBeneficiaryUid: uuid('bank_beneficiary_uid').references(() => bankBeneficiaries.uid, {
      onDelete: 'set null',
    }),
    beneficiaryName: text('beneficiary_name'),
    beneficiaryAccountKey: text('beneficiary_account_key'),
    instructions: jsonb('instructions').$type<TTransferInstructions>(),
    externalId: text('external_id'),
    txHash: text('tx_hash'),
    payoutReference: text('payout_reference'),
    failureReason: text('failure_reason'),
    /**
     * A member's cancellation or rejection, or the API's own reason for failing it, as a code and values
     * (the page words it); null for a provider's reason.
     */
    failureReasonCode: text('failure_reason_code', { enum: TRANSFER_FAILURE_REASON_CODES }),
    failureReasonParams: jsonb('failure_reason_params').$type<TTransferNoteParams>(),
    /** Held in review: the chain does not show the delivery the provider reported (transfers/verify-delivery.ts). */
    reviewCode: text('review_code', { enum: TRANSFER_REVIEW_CODES }),
    reviewParams: jsonb('review_params').$type<TTransferReviewParams>(),
    reviewMessage: text('review_message'),
    approvalRequired: boolean('approval_required').notNull().default(false),
    approvedBy: uuid('approved_by').references(() => users.uid, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('transfers_quote_unique').on(table.quoteUid),
    // The list: newest first per organization, with each filter on its own prefix. uid after
    // created_at in each: the list's order (created_at desc, uid desc) straight from the index, and
    // the page's uids and the capped count as index-only scans. The other filters' columns come last
    // (as INCLUDE would), so any combination of filters is checked in the index, never in the table.
    index('transfers_organization_created_idx').on(
      table.organizationUid,
      table.createdAt,
      table.uid,
      table.type,
      table.status,
      table.fiatCurrency,
    ),
    index('transfers_organization_status_created_idx').on(
      table.organizationUid,
      table.status,
      table.createdAt,
      table.uid,
      table.type,
      table.fiatCurrency,
    ),
    index('transfers_organization_type_created_idx').on(
      table.organizationUid,
      table.type,
      table.createdAt,
      table.uid,
      table.status,
      table.fiatCurrency,
    ),
    index('transfers_organization_currency_created_idx').on(
      table.organizationUid,
      table.fiatCurrency,
      table.createdAt,
      table.uid,
      table.type,
      table.status,
    ),
    // Reconciliation: open transfers by last change.
    index('transfers_open_updated_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('awaiting_funds', 'funds_received', 'payment_submitted')`),
    index('transfers_wallet_idx').on(table.walletUid),
    index('transfers_bank_beneficiary_idx').on(table.bankBeneficiaryUid),
    check('transfers_status_check', sql`${table.status} in (${sqlList(TRANSFER_STATUSES)})`),
    check('transfers_type_check', sql`${table.type} in (${sqlList(TRANSFER_TYPES)})`),
    check(
      'transfers_failure_reason_code_check',
      sql`${table.failureReasonCode} in (${sqlList(TRANSFER_FAILURE_REASON_CODES)})`,
    ),
    check(
      'transfers_failure_reason_params_check',
      sql`(${table.failureReasonCode} is null) = (${table.failureReasonParams} is null)`,
    ),
    check('transfers_review_code_check', sql`${table.reviewCode} in (${sqlList(TRANSFER_REVIEW_CODES)})`),
    check(
      'transfers_review_complete_check',
      sql`(${table.reviewCode} is null) = (${table.reviewParams} is null) and (${table.reviewCode} is null) = (${table.reviewMessage} is null)`,
    ),
  ],
);

/**
 * How many transfers an organization has of each type, status and currency, kept by a trigger on
 * `transfers` (migration 0015: every insert, status change or delete, in the writer's own
 * transaction), so the transactions list's total without a date range is a sum of at most a few
 * dozen rows instead of a walk of the list's index (10,000 entries at the count's cap).
 */
export const transferCounts = pgTable(
  'transfer_counts',
  {
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    type: text('type', { enum: TRANSFER_TYPES }).notNull(),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationUid, table.type, table.status, table.fiatCurrency] }),
    check('transfer_counts_count_check', sql`${table.count} >= 0`),
  ],
);

/**
 * Completed transfers per organization, UTC day of creation, type and fiat rail: their fiat-side
 * amount (paid in for an on-ramp or deposit, paid out for an off-ramp) and count. Kept by statement
 * triggers on transfers (migration 0017), so the overview's 30-day volume reads at most a few
 * hundred rows whatever the history's length.
 */
export const transferVolumes = pgTable(
  'transfer_volumes',
  {
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type', { enum: TRANSFER_TYPES }).notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    amount: amount('amount').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationUid, table.day, table.type, table.fiatCurrency] })],
);

/** Every status change of a transfer: from, to, when and what caused it. Append-only. */
export const transferEvents = pgTable(
  'transfer_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferUid: uuid('transfer_uid')
      .notNull()
      .references(() => transfers.uid, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: TRANSFER_STATUSES }),
    toStatus: text('to_status', { enum: TRANSFER_STATUSES }).notNull(),
    source: text('source', { enum: TRANSFER_EVENT_SOURCES }).notNull(),
    /** In English: the fallback for rows without a code, and what the CSV, audit and mails say. */
    note: text('note'),
    /** A member's decision or the API's own reason as a code and values (see transfers/notes.ts). */
    noteCode: text('note_code', { enum: TRANSFER_NOTE_CODES }),
    noteParams: jsonb('note_params').$type<TTransferNoteParams>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('transfer_events_transfer_idx').on(table.transferUid, table.id),
    check('transfer_events_note_code_check', sql`${table.noteCode} in (${sqlList(TRANSFER_NOTE_CODES)})`),
    check(
      'transfer_events_note_params_check',
      sql`(${table.noteCode} is null) = (${table.noteParams} is null)`,
    ),
  ],
);

/** The double-entry ledger: accounts, entries and balances. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { chainTransfers } from './chain';
import { amount, createdAt, sqlList } from './columns';
import { organizations } from './identity';
import { transfers } from './transfers';

export const LEDGER_ACCOUNT_KINDS = [
  /** The organization's bank side: fiat leaving it (negative) or arriving (positive). */
  'bank',
  /** What the provider holds for the organization while a transfer is under way. */
  'provider_clearing',
  /** The provider's exchange: fiat in, stablecoin out (one per currency, so each currency balances). */
  'provider_exchange',
  /** Fees paid to the provider. */
  'provider_fees',
  /** The organization's registered wallets: stablecoin arriving (positive) or leaving (negative). */
  'wallets',
  /**
   * Wallets outside the organization: one an off-ramp was paid from (the stablecoin was never in
   * `wallets`), or the sender of tokens that arrived with no transfer to explain them.
   */
  'external_wallets',
  /** The organization's Safe: tokens that arrived at it. */
  'safe',
] as const;
export const LEDGER_ENTRY_STATUSES = ['pending', 'posted', 'archived'] as const;

/** One ledger account per organization, kind and currency. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_organization_kind_currency_unique').on(
      table.organizationUid,
      table.kind,
      table.currency,
    ),
  ],
);

/**
 * Double-entry ledger lines (signed amounts: each posting's lines sum to zero per currency).
 * Pending lines become posted or archived; posted lines are never changed: a return posts
 * reversing lines. Each posting is a transfer's, or an incoming deposit's (chain_transfer_uid:
 * tokens that reached a wallet with no transfer to explain them, posted when seen on chain).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    accountUid: uuid('account_uid')
      .notNull()
      .references(() => ledgerAccounts.uid),
    transferUid: uuid('transfer_uid').references(() => transfers.uid, { onDelete: 'cascade' }),
    chainTransferUid: uuid('chain_transfer_uid').references(() => chainTransfers.uid, {
      onDelete: 'cascade',
    }),
    /** One balanced set of lines: 'transfer' (pending then posted/archived), 'reversal' or 'incoming'. */
    posting: text('posting').notNull(),
    currency: text('currency').notNull(),
    amount: amount('amount').notNull(),
    status: text('status', { enum: LEDGER_ENTRY_STATUSES }).notNull(),
    /** The transfer's fiat rail (BRL, MXN): a dimension of every line of its postings; null for an incoming deposit. */
    fiatCurrency: text('fiat_currency'),
    /**
     * The registered wallet the transfer moved to or from, as it was when posted (no foreign key:
     * the ledger outlives a deleted wallet; readers resolve it against registered_wallets).
     */
    walletUid: uuid('wallet_uid'),
    createdAt: createdAt(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountUid, table.status),
    index('ledger_entries_transfer_idx').on(table.transferUid),
    index('ledger_entries_chain_transfer_idx').on(table.chainTransferUid),
    check('ledger_entries_status_check', sql`${table.status} in (${sqlList(LEDGER_ENTRY_STATUSES)})`),
    check(
      'ledger_entries_posting_of_check',
      sql`(${table.transferUid} is null) <> (${table.chainTransferUid} is null)`,
    ),
  ],
);

/**
 * Running balances of the ledger, per account, fiat rail and wallet: the sums of the lines that
 * count (posted and pending apart; archived lines count nowhere) and how many such lines there are.
 * Kept by statement triggers on ledger_entries in the statement that writes the lines (migration
 * 0016), so a balance read is a few rows whatever the history's length, and always equals the
 * lines' sums.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    accountUid: uuid('account_uid')
      .notNull()
      .references(() => ledgerAccounts.uid, { onDelete: 'cascade' }),
    /** Null: incoming deposits (tokens that arrived on chain, through no rail). */
    fiatCurrency: text('fiat_currency'),
    walletUid: uuid('wallet_uid'),
    posted: amount('posted').notNull(),
    pending: amount('pending').notNull(),
    /** Posted and pending lines summed here: a balance whose lines were all archived counts nowhere. */
    lines: bigint('lines', { mode: 'number' }).notNull(),
  },
  (table) => [
    unique('ledger_balances_account_fiat_wallet_unique')
      .on(table.accountUid, table.fiatCurrency, table.walletUid)
      .nullsNotDistinct(),
    index('ledger_balances_organization_idx').on(table.organizationUid),
  ],
);

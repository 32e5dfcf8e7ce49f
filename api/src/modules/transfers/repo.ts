import {
  PENDING_TRANSFER_STATUSES,
  TRANSACTIONS_COUNT_CAP,
  type TTransactionsFilters,
  type TTransfer,
  type TTransferEvent,
  type TTransferSummary,
} from '@dash/shared/contracts';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { endOfDayExclusive } from '../../db/day-filter';
import { isoFromTimestamptz, unmappedRows } from '../../db/driver-rows';
import {
  organizations,
  providers,
  quotes,
  registeredWallets,
  transferCounts,
  transferEvents,
  transfers,
  users,
} from '../../db/schema';

export type TransferRow = typeof transfers.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;

export async function insertQuote(db: Database, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  if (!row) throw new Error('quote not inserted');
  return row;
}

export async function lockQuote(db: Database, organizationUid: string, uid: string) {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.organizationUid, organizationUid), eq(quotes.uid, uid)))
    .for('update');
  return row;
}

export async function markQuoteUsed(db: Database, quoteUid: string, transferUid: string) {
  await db.update(quotes).set({ usedBy: transferUid }).where(eq(quotes.uid, quoteUid));
}

/** Advisory lock class of an organization's money (pg_advisory_xact_lock's first key). */
const MONEY_LOCK_CLASS = 4_242_002;

/** The money lock of the organization a uuid expression names: the same key however it is given. */
const moneyLock = (organizationUid: SQL) =>
  sql`pg_advisory_xact_lock(${MONEY_LOCK_CLASS}, hashtext(${organizationUid}::text))`;

/**
 * Every transaction that writes an organization's transfers or ledger takes this lock first and holds
 * it to its end. The rows their triggers keep per organization (the status counts, the completed
 * volume, the ledger's running balances) are then changed by one transaction of the organization at
 * a time, so no order of steps (a new transfer, a webhook's several steps, a reversal) can leave two
 * of them waiting on each other. Those transactions are short: provider calls happen outside them.
 */
export async function lockOrganizationMoney(db: Database, organizationUid: string): Promise<void> {
  await db.execute(sql`select ${moneyLock(sql`${organizationUid}::uuid`)}`);
}

export async function insertTransfer(
  db: Database,
  values: typeof transfers.$inferInsert,
): Promise<TransferRow> {
  await lockOrganizationMoney(db, values.organizationUid);
  const [row] = await db.insert(transfers).values(values).returning();
  if (!row) throw new Error('transfer not inserted');
  return row;
}

/** The transfer, locked, after its organization's money lock (lockOrganizationMoney). */
export async function lockTransfer(db: Database, uid: string): Promise<TransferRow | undefined> {
  // The organization is read and its lock taken in one statement.
  const owned = await db
    .select({ locked: moneyLock(sql`${transfers.organizationUid}`) })
    .from(transfers)
    .where(eq(transfers.uid, uid));
  if (owned.length === 0) return undefined;
  const [row] = await db.select().from(transfers).where(eq(transfers.uid, uid)).for('update');
  return row;
}

export async function updateTransfer(
  db: Database,
  uid: string,
  values: Partial<typeof transfers.$inferInsert>,
) {
  const [row] = await db
    .update(transfers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(transfers.uid, uid))
    .returning();
  if (!row) throw new Error('transfer vanished');
  return row;
}

export async function insertTransferEvent(db: Database, values: typeof transferEvents.$inferInsert) {
  await db.insert(transferEvents).values(values);
}

export async function findOrganizationThreshold(db: Database, organizationUid: string) {
  const [row] = await db
    .select({ threshold: organizations.offRampApprovalThreshold })
    .from(organizations)
    .where(eq(organizations.uid, organizationUid));
  return row?.threshold ?? null;
}

export async function setOrganizationThreshold(
  db: Database,
  organizationUid: string,
  threshold: string | null,
) {
  await db
    .update(organizations)
    .set({ offRampApprovalThreshold: threshold })
    .where(eq(organizations.uid, organizationUid));
}

/** Open transfers the provider knows whose last change is older than `staleBefore`. */
export async function staleTransfers(db: Database, staleBefore: Date, limit: number) {
  return db
    .select({ uid: transfers.uid })
    .from(transfers)
    .where(
      and(
        inArray(transfers.status, ['awaiting_funds', 'funds_received', 'payment_submitted']),
        isNotNull(transfers.externalId),
        lt(transfers.updatedAt, staleBefore),
      ),
    )
    .limit(limit);
}

export async function isUsedByPendingTransfer(
  db: Database,
  counterparty: { organizationUid: string; kind: 'registered_wallet' | 'bank_beneficiary'; uid: string },
): Promise<boolean> {
  const column =
    counterparty.kind === 'registered_wallet' ? transfers.walletUid : transfers.bankBeneficiaryUid;
  const [row] = await db
    .select({ uid: transfers.uid })
    .from(transfers)
    .where(
      and(
        eq(transfers.organizationUid, counterparty.organizationUid),
        eq(column, counterparty.uid),
        inArray(transfers.status, [...PENDING_TRANSFER_STATUSES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const creator = alias(users, 'creator');
const approver = alias(users, 'approver');

/**
 * The list's filters as the reads take them: the contract's, with `waitingFor: 'me'` resolved to the
 * reader (`awaitingOthers`: awaiting approval, created by anyone but this user).
 */
export type TListFilters = Omit<TTransactionsFilters, 'waitingFor'> & { awaitingOthers?: string };

/** The reader's filters for the reads: `waitingFor: 'me'` becomes the off-ramps they can approve. */
export function listFiltersFor(filters: TTransactionsFilters, userUid: string): TListFilters {
  const { waitingFor, ...rest } = filters;
  return waitingFor === 'me' ? { ...rest, awaitingOthers: userUid } : rest;
}

/** Awaiting approval and created by anyone but `userUid` (the creator cannot approve their own). */
const awaitingOthers = (userUid: SQL | string) =>
  and(
    eq(transfers.status, 'awaiting_approval'),
    or(isNull(transfers.createdBy), ne(transfers.createdBy, userUid)),
  );

function filtersWhere(organizationUid: string, filters: TListFilters): SQL | undefined {
  const { from, to } = listFilterValues(filters);
  return and(
    eq(transfers.organizationUid, organizationUid),
    filters.type ? eq(transfers.type, filters.type) : undefined,
    filters.status ? eq(transfers.status, filters.status) : undefined,
    filters.currency ? eq(transfers.fiatCurrency, filters.currency) : undefined,
    from ? gte(transfers.createdAt, new Date(from)) : undefined,
    to ? sql`${transfers.createdAt} < ${to}::timestamptz` : undefined,
    filters.awaitingOthers ? awaitingOthers(filters.awaitingOthers) : undefined,
  );
}

function selectTransfers(db: Database) {
  return db
    .select({
      transfer: transfers,
      providerName: providers.name,
      creatorEmail: creator.email,
      approverEmail: approver.email,
    })
    .from(transfers)
    .innerJoin(providers, eq(providers.uid, transfers.providerUid))
    .leftJoin(creator, eq(creator.uid, transfers.createdBy))
    .leftJoin(approver, eq(approver.uid, transfers.approvedBy));
}

/** The amounts a quote and its transfer share, as decimal strings. */
export function amountsOf(row: QuoteRow | TransferRow) {
  return {
    sourceCurrency: row.sourceCurrency,
    sourceAmount: trim(row.sourceAmount),
    targetCurrency: row.targetCurrency,
    targetAmount: trim(row.targetAmount),
    rate: trim(row.rate),
    fee: trim(row.fee),
    feeCurrency: row.feeCurrency,
  };
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectTransfers>['execute']>>[number];

/** The list's columns (TTransferSummary): no creator or approver join, no instructions document. */
function selectTransferSummaries(db: Database) {
  return db
    .select({
      uid: transfers.uid,
      type: transfers.type,
      status: transfers.status,
      providerUid: transfers.providerUid,
      providerName: providers.name,
      network: transfers.network,
      sourceCurrency: transfers.sourceCurrency,
      sourceAmount: transfers.sourceAmount,
      targetCurrency: transfers.targetCurrency,
      targetAmount: transfers.targetAmount,
      fiatCurrency: transfers.fiatCurrency,
      walletUid: transfers.walletUid,
      walletName: transfers.walletName,
      walletAddress: transfers.walletAddress,
      bankBeneficiaryUid: transfers.bankBeneficiaryUid,
      beneficiaryName: transfers.beneficiaryName,
      beneficiaryAccountKey: transfers.beneficiaryAccountKey,
      createdAt: transfers.createdAt,
      updatedAt: transfers.updatedAt,
    })
    .from(transfers)
    .innerJoin(providers, eq(providers.uid, transfers.providerUid));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectTransferSummaries>['execute']>>[number];

/**
 * A list row as both drivers give it from a prepared statement's `all()`: keyed by column name, the
 * timestamps as PostgreSQL's text and the amounts as numeric's text (drizzle's own types for them).
 */
interface SummaryDriverRow {
  uid: string;
  type: SummaryRow['type'];
  status: SummaryRow['status'];
  provider_uid: string;
  name: string;
  network: SummaryRow['network'];
  source_currency: string;
  source_amount: string;
  target_currency: string;
  target_amount: string;
  fiat_currency: string;
  wallet_uid: string | null;
  wallet_name: string | null;
  wallet_address: string | null;
  bank_beneficiary_uid: string | null;
  beneficiary_name: string | null;
  beneficiary_account_key: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The list's page without drizzle's row mapping (a decoder looked up per column per row) and without
 * a Date per timestamp (its toISOString alone cost more than the rest of the row): the column names
 * are selectTransferSummaries' (transfers and providers share none of them). list.test.ts holds this
 * path equal to drizzle's.
 */
function summaryFromDriver(row: SummaryDriverRow): TTransferSummary {
  return summaryOf(
    {
      uid: row.uid,
      type: row.type,
      status: row.status,
      providerUid: row.provider_uid,
      providerName: row.name,
      network: row.network,
      sourceCurrency: row.source_currency,
      sourceAmount: row.source_amount,
      targetCurrency: row.target_currency,
      targetAmount: row.target_amount,
      fiatCurrency: row.fiat_currency,
      walletUid: row.wallet_uid,
      walletName: row.wallet_name,
      walletAddress: row.wallet_address,
      bankBeneficiaryUid: row.bank_beneficiary_uid,
      beneficiaryName: row.beneficiary_name,
      beneficiaryAccountKey: row.beneficiary_account_key,
    },
    isoFromTimestamptz(row.created_at),
    isoFromTimestamptz(row.updated_at),
  );
}

/** A transfer as the list carries it; the wallet or beneficiary is the one copied onto it when it was made. */
export function toTransferSummary(row: SummaryRow): TTransferSummary {
  return summaryOf(row, row.createdAt.toISOString(), row.updatedAt.toISOString());
}

/** The summary of a row whatever its times were read as (drizzle's Dates, the driver's text). */
function summaryOf(
  row: Omit<SummaryRow, 'createdAt' | 'updatedAt'>,
  createdAt: string,
  updatedAt: string,
): TTransferSummary {
  return {
    uid: row.uid,
    type: row.type,
    status: row.status,
    provider: { uid: row.providerUid, name: row.providerName },
    network: row.network,
    sourceCurrency: row.sourceCurrency,
    sourceAmount: trim(row.sourceAmount),
    targetCurrency: row.targetCurrency,
    targetAmount: trim(row.targetAmount),
    fiatCurrency: row.fiatCurrency as TTransfer['fiatCurrency'],
    // From the copies on the transfer: a counterparty deleted since (its uid set null) stays named.
    wallet:
      row.walletName && row.walletAddress
        ? { uid: row.walletUid, name: row.walletName, address: row.walletAddress }
        : null,
    bankBeneficiary:
      row.beneficiaryName && row.beneficiaryAccountKey
        ? { uid: row.bankBeneficiaryUid, name: row.beneficiaryName, accountKey: row.beneficiaryAccountKey }
        : null,
    createdAt,
    updatedAt,
  };
}

/** The whole transfer: its summary, with the rest of the amounts and what the detail adds. */
export function toTransfer({ transfer: row, providerName, creatorEmail, approverEmail }: Joined): TTransfer {
  return {
    ...toTransferSummary({ ...row, providerName }),
    ...amountsOf(row),
    instructions: row.instructions ?? null,
    providerReference: row.externalId,
    txHash: row.txHash,
    payoutReference: row.payoutReference,
    failureReason: row.failureReason,
    failureReasonCode: row.failureReasonCode,
    failureReasonParams: row.failureReasonParams,
    approval: {
      required: row.approvalRequired,
      approvedBy: row.approvedBy && approverEmail ? { uid: row.approvedBy, email: approverEmail } : null,
    },
    createdBy: row.createdBy && creatorEmail ? { uid: row.createdBy, email: creatorEmail } : null,
  };
}

/** numeric(38,8) reads back with 8 decimals: '10.50000000' -> '10.50' (at least 2 for money). */
export function trim(value: string): string {
  const dot = value.indexOf('.');
  if (dot === -1) return value;
  // Trailing zeros go, down to two decimals (every row's amounts pass here: no split or RegExp).
  let end = value.length;
  while (end > dot + 3 && value.charCodeAt(end - 1) === 48) end -= 1;
  return end < dot + 3 ? value.padEnd(dot + 3, '0') : value.slice(0, end);
}

export async function findTransfer(db: Database, organizationUid: string, uid: string) {
  const [row] = await selectTransfers(db).where(
    and(eq(transfers.organizationUid, organizationUid), eq(transfers.uid, uid)),
  );
  return row ? toTransfer(row) : undefined;
}

export async function listTransferEvents(db: Database, transferUid: string): Promise<TTransferEvent[]> {
  const rows = await db
    .select()
    .from(transferEvents)
    .where(eq(transferEvents.transferUid, transferUid))
    .orderBy(transferEvents.id);
  return rows.map((row) => ({
    from: row.fromStatus,
    to: row.toStatus,
    source: row.source,
    note: row.note,
    noteCode: row.noteCode,
    noteParams: row.noteParams,
    at: row.createdAt.toISOString(),
  }));
}

/** The list's filters, in the order their placeholders are named (a prepared statement per set). */
const LIST_FILTERS = ['type', 'status', 'currency', 'from', 'to', 'awaitingOthers'] as const;

/** `from`/`to` are days (UTC): from the start of `from` to the end of `to`. */
function listFilterValues(filters: TListFilters) {
  return {
    type: filters.type,
    status: filters.status,
    currency: filters.currency,
    from: filters.from ? `${filters.from}T00:00:00Z` : undefined,
    to: filters.to ? endOfDayExclusive(filters.to) : undefined,
    awaitingOthers: filters.awaitingOthers,
  };
}

/** Statements built once per set of filters present (named after it), on first use. */
function preparedPerFilterSet<T>(build: (present: ReadonlySet<string>, name: string) => T) {
  const built = new Map<string, T>();
  return (filters: TListFilters): T => {
    const present = LIST_FILTERS.filter((key) => filters[key] !== undefined);
    const name = present.join('_') || 'all';
    let statements = built.get(name);
    if (statements === undefined) {
      statements = build(new Set(present), name);
      built.set(name, statements);
    }
    return statements;
  };
}

/**
 * The transactions list's page and count, prepared (like the Message Center's reads): one statement per
 * set of filters present (at most 32), built by drizzle once and parsed once per connection. Planning
 * the page's joins cost PostgreSQL more than running them; the page is written so that the generic
 * plan is the good one at any offset (`uid = any(array(...))` is estimated as a few rows, so the rows
 * come by primary key, never from a scan of the table), and PostgreSQL keeps that plan instead of
 * planning again on each request.
 */
export function prepareTransactionList(db: Database) {
  const organizationUid = sql.placeholder('organizationUid');
  const byNewest = [desc(transfers.createdAt), desc(transfers.uid)] as const;
  const whereFor = (present: ReadonlySet<string>) =>
    and(
      eq(transfers.organizationUid, organizationUid),
      present.has('type') ? eq(transfers.type, sql.placeholder('type')) : undefined,
      present.has('status') ? eq(transfers.status, sql.placeholder('status')) : undefined,
      present.has('currency') ? eq(transfers.fiatCurrency, sql.placeholder('currency')) : undefined,
      present.has('from')
        ? gte(transfers.createdAt, sql`${sql.placeholder('from')}::timestamptz`)
        : undefined,
      present.has('to') ? lt(transfers.createdAt, sql`${sql.placeholder('to')}::timestamptz`) : undefined,
      present.has('awaitingOthers')
        ? awaitingOthers(sql`${sql.placeholder('awaitingOthers')}::uuid`)
        : undefined,
    );
  const build = (present: ReadonlySet<string>, name: string) => ({
    // A deferred join: the page's uids come from an index-only walk of (organization, [filter,]
    // created_at, uid), so a deep offset skips index entries only; the joins run for the page's rows.
    page: selectTransferSummaries(db)
      .where(
        sql`${transfers.uid} = any(array(${db
          .select({ uid: transfers.uid })
          .from(transfers)
          .where(whereFor(present))
          .orderBy(...byNewest)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))}))`,
      )
      .orderBy(...byNewest)
      .prepare(`transfers_page_${name}`),
    // Counted up to the cap + 1 and never further: an index-only walk of at most that many entries
    // (the order makes the planner take the list's index even when one organization holds the table).
    count: db
      .select({ total: sql<number>`count(*)::int` })
      .from(
        db
          .select({ one: sql`1` })
          .from(transfers)
          .where(whereFor(present))
          .orderBy(desc(transfers.createdAt))
          .limit(TRANSACTIONS_COUNT_CAP + 1)
          .as('capped'),
      )
      .prepare(`transfers_count_${name}`),
  });
  // Without a date range the total comes from transfer_counts (kept by a trigger on transfers): a
  // sum over at most one row per type, status and currency instead of a walk of the list's index.
  const buildTally = (present: ReadonlySet<string>, name: string) =>
    db
      .select({ total: sql<string>`coalesce(sum(${transferCounts.count}), 0)` })
      .from(transferCounts)
      .where(
        and(
          eq(transferCounts.organizationUid, organizationUid),
          present.has('type') ? eq(transferCounts.type, sql.placeholder('type')) : undefined,
          present.has('status') ? eq(transferCounts.status, sql.placeholder('status')) : undefined,
          present.has('currency') ? eq(transferCounts.fiatCurrency, sql.placeholder('currency')) : undefined,
        ),
      )
      .prepare(`transfers_tally_${name}`);
  const statementsFor = preparedPerFilterSet(build);
  const tallyOf = preparedPerFilterSet(buildTally);
  // (The tally has no creator: "waiting for me" is counted from the list, a handful of rows.)
  const tallyFor = (filters: TListFilters) =>
    filters.from === undefined && filters.to === undefined && filters.awaitingOthers === undefined
      ? tallyOf(filters)
      : undefined;

  return {
    /** One page, newest first. */
    async page(
      organizationUid: string,
      filters: TListFilters,
      { page, size }: { page: number; size: number },
    ): Promise<TTransferSummary[]> {
      // The driver's rows as they come, not drizzle's mapping of them (see summaryFromDriver).
      const rows = await unmappedRows<SummaryDriverRow>(statementsFor(filters).page, {
        organizationUid,
        ...listFilterValues(filters),
        limit: size,
        offset: (page - 1) * size,
      });
      return rows.map(summaryFromDriver);
    },

    /** How many transfers match, exactly up to TRANSACTIONS_COUNT_CAP (then a lower bound). */
    async count(
      organizationUid: string,
      filters: TListFilters,
    ): Promise<{ total: number; totalIsExact: boolean }> {
      const values = { organizationUid, ...listFilterValues(filters) };
      const tally = tallyFor(filters);
      const [row] = tally ? await tally.execute(values) : await statementsFor(filters).count.execute(values);
      const counted = Number(row?.total ?? 0);
      return {
        total: Math.min(counted, TRANSACTIONS_COUNT_CAP),
        totalIsExact: counted <= TRANSACTIONS_COUNT_CAP,
      };
    },
  };
}

/** A CSV line's fields, as they are exported (TRANSACTIONS_CSV_COLUMNS' order). */
export type TransferCsvFields = [
  uid: string,
  createdAt: string,
  type: string,
  status: string,
  provider: string,
  sourceAmount: string,
  sourceCurrency: string,
  targetAmount: string,
  targetCurrency: string,
  fee: string,
  rate: string,
  network: string,
  providerReference: string | null,
  txHash: string | null,
  counterpartyName: string | null,
  counterpartyAccount: string | null,
  payoutReference: string | null,
];

/** The newest transfers of the organization (the overview's card): no count, one index range. */
export async function latestTransfers(db: Database, organizationUid: string, limit: number) {
  const rows = await selectTransferSummaries(db)
    .where(eq(transfers.organizationUid, organizationUid))
    .orderBy(desc(transfers.createdAt), desc(transfers.uid))
    .limit(limit);
  return rows.map(toTransferSummary);
}

/**
 * The filtered set in batches of `batch` rows, newest first, by keyset (created_at, uid): each
 * batch is one index range read of only the exported columns, the next one asked for only when the
 * consumer pulls (so a CSV export of 100,000 rows streams at the reader's pace with flat memory).
 */
export async function* iterateTransferCsvFields(
  db: Database,
  organizationUid: string,
  filters: TListFilters,
  batch = 2000,
): AsyncGenerator<TransferCsvFields[]> {
  let after: { cursor: string; uid: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        uid: transfers.uid,
        createdAt: transfers.createdAt,
        /** created_at at full (microsecond) precision: the keyset cursor. */
        cursor: sql<string>`${transfers.createdAt}::text`,
        type: transfers.type,
        status: transfers.status,
        provider: providers.name,
        sourceAmount: transfers.sourceAmount,
        sourceCurrency: transfers.sourceCurrency,
        targetAmount: transfers.targetAmount,
        targetCurrency: transfers.targetCurrency,
        fee: transfers.fee,
        rate: transfers.rate,
        network: transfers.network,
        externalId: transfers.externalId,
        txHash: transfers.txHash,
        walletName: transfers.walletName,
        walletAddress: transfers.walletAddress,
        beneficiaryName: transfers.beneficiaryName,
        beneficiaryAccountKey: transfers.beneficiaryAccountKey,
        payoutReference: transfers.payoutReference,
      })
      .from(transfers)
      .innerJoin(providers, eq(providers.uid, transfers.providerUid))
      .where(
        and(
          filtersWhere(organizationUid, filters),
          after
            ? sql`(${transfers.createdAt}, ${transfers.uid}) < (${after.cursor}::timestamptz, ${after.uid}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(transfers.createdAt), desc(transfers.uid))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((row) => [
      row.uid,
      row.createdAt.toISOString(),
      row.type,
      row.status,
      row.provider,
      trim(row.sourceAmount),
      row.sourceCurrency,
      trim(row.targetAmount),
      row.targetCurrency,
      trim(row.fee),
      trim(row.rate),
      row.network,
      row.externalId,
      row.txHash,
      row.type === 'off_ramp' ? row.beneficiaryName : row.walletName,
      row.type === 'off_ramp' ? row.beneficiaryAccountKey : row.walletAddress,
      row.payoutReference,
    ]);
    const last = rows[rows.length - 1];
    if (!last || rows.length < batch) return;
    after = { cursor: last.cursor, uid: last.uid };
  }
}

export async function findWallet(db: Database, organizationUid: string, uid: string) {
  const [row] = await db
    .select()
    .from(registeredWallets)
    .where(and(eq(registeredWallets.organizationUid, organizationUid), eq(registeredWallets.uid, uid)));
  return row;
}

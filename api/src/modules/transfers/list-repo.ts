// The transactions list's reads: its filters, its prepared page and count, and the CSV export's
// batches. The single transfer's reads and every write are in repo.ts.
import {
  TRANSACTIONS_COUNT_CAP,
  type TTransactionsFilters,
  type TTransferSummary,
} from '@dash/shared/contracts';
import { and, desc, eq, gte, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { endOfDayExclusive } from '../../db/day-filter';
import { isoFromTimestamptz, unmappedRows } from '../../db/driver-rows';
import { providers, transferCounts, transfers } from '../../db/schema';
import { type SummaryRow, selectTransferSummaries, summaryOf, trim } from './repo';

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

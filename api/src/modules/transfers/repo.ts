// Quotes, transfers, their events and the approval threshold: every write and the single transfer's
// reads (the list's and the CSV export's are in list-repo.ts).
import {
  PENDING_TRANSFER_STATUSES,
  type TTransfer,
  type TTransferEvent,
  type TTransferSummary,
} from '@dash/shared/contracts';
import { and, desc, eq, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { organizations, providers, quotes, transferEvents, transfers, users } from '../../db/schema';

export type TransferRow = typeof transfers.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
/** A transfer as a use case writes it (the organization and creator are added by writeNewTransfer). */
export type NewTransferRow = typeof transfers.$inferInsert;

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

/** The expiry of the quote a transfer accepted, if that quote is the organization's. */
export async function quoteExpiryOfTransfer(
  db: Database,
  organizationUid: string,
  transferUid: string,
): Promise<Date | null> {
  const [quote] = await db
    .select({ expiresAt: quotes.expiresAt })
    .from(quotes)
    .where(and(eq(quotes.organizationUid, organizationUid), eq(quotes.usedBy, transferUid)));
  return quote?.expiresAt ?? null;
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

export async function insertTransfer(db: Database, values: NewTransferRow): Promise<TransferRow> {
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
export function selectTransferSummaries(db: Database) {
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

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectTransferSummaries>['execute']>>[number];

/** A transfer as the list carries it; the wallet or beneficiary is the one copied onto it when it was made. */
export function toTransferSummary(row: SummaryRow): TTransferSummary {
  return summaryOf(row, row.createdAt.toISOString(), row.updatedAt.toISOString());
}

/** The summary of a row whatever its times were read as (drizzle's Dates, the driver's text). */
export function summaryOf(
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
    fromSafe: row.safeAddress ? { address: row.safeAddress } : null,
    instructions: row.instructions ?? null,
    providerReference: row.externalId,
    txHash: row.txHash,
    payoutReference: row.payoutReference,
    failureReason: row.failureReason,
    failureReasonCode: row.failureReasonCode,
    failureReasonParams: row.failureReasonParams,
    ...(row.reviewCode && row.reviewParams && row.reviewMessage
      ? { review: { code: row.reviewCode, params: row.reviewParams, message: row.reviewMessage } }
      : {}),
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

/** The newest transfers of the organization (the overview's card): no count, one index range. */
export async function latestTransfers(db: Database, organizationUid: string, limit: number) {
  const rows = await selectTransferSummaries(db)
    .where(eq(transfers.organizationUid, organizationUid))
    .orderBy(desc(transfers.createdAt), desc(transfers.uid))
    .limit(limit);
  return rows.map(toTransferSummary);
}

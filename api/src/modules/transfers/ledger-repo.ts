import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type LEDGER_ACCOUNT_KINDS, ledgerAccounts, ledgerBalances, ledgerEntries } from '../../db/schema';

// The ledger's tables: accounts per organization, kind and currency; the lines postings write; the
// running balances its trigger keeps (ledger.ts decides what is posted).

export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
type LedgerAccount = { organizationUid: string; kind: LedgerAccountKind; currency: string };

/**
 * The organization's accounts of these kinds and currencies, created when missing (in the order
 * given, in one statement), with their uids.
 */
export async function ensureLedgerAccounts(
  tx: Database,
  organizationUid: string,
  wanted: LedgerAccount[],
): Promise<{ uid: string; kind: LedgerAccountKind; currency: string }[]> {
  await tx.insert(ledgerAccounts).values(wanted).onConflictDoNothing();
  return tx
    .select({ uid: ledgerAccounts.uid, kind: ledgerAccounts.kind, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.organizationUid, organizationUid),
        or(
          ...wanted.map((account) =>
            and(eq(ledgerAccounts.kind, account.kind), eq(ledgerAccounts.currency, account.currency)),
          ),
        ),
      ),
    );
}

export async function insertLedgerEntries(
  tx: Database,
  lines: (typeof ledgerEntries.$inferInsert)[],
): Promise<void> {
  await tx.insert(ledgerEntries).values(lines);
}

/** Moves a transfer's pending lines (its own posting's, not a reversal's): posted, or archived. */
export async function movePendingTransferLines(
  tx: Database,
  transferUid: string,
  to: { status: 'posted'; postedAt: Date } | { status: 'archived' },
): Promise<void> {
  await tx
    .update(ledgerEntries)
    .set(to)
    .where(
      and(
        eq(ledgerEntries.transferUid, transferUid),
        eq(ledgerEntries.posting, 'transfer'),
        eq(ledgerEntries.status, 'pending'),
      ),
    );
}

/** Posted and pending sums per account kind and currency, as decimal text, from the running balances. */
export function ledgerBalanceSums(
  db: Database,
  organizationUid: string,
): Promise<{ account: LedgerAccountKind; currency: string; posted: string; pending: string }[]> {
  return db
    .select({
      account: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      posted: sql<string>`coalesce(sum(${ledgerBalances.posted}), 0)::text`,
      pending: sql<string>`coalesce(sum(${ledgerBalances.pending}), 0)::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerBalances, eq(ledgerBalances.accountUid, ledgerAccounts.uid))
    .where(eq(ledgerAccounts.organizationUid, organizationUid))
    .groupBy(ledgerAccounts.kind, ledgerAccounts.currency)
    .orderBy(ledgerAccounts.currency, ledgerAccounts.kind);
}

import { personName } from '@dash/shared/contracts';
import { and, asc, count, desc, eq, gte, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  safeTransactionConfirmations,
  safeTransactions,
  signingDevices,
  users,
  walletSigners,
} from '../../db/schema';

export type SafeTransactionRow = typeof safeTransactions.$inferSelect;
export type ConfirmationRow = typeof safeTransactionConfirmations.$inferSelect;
export type SafeTransactionPatch = Partial<typeof safeTransactions.$inferInsert>;

const OPEN = ['awaiting_confirmations', 'ready', 'executing'] as const;

export async function insertSafeTransaction(
  db: Database,
  values: typeof safeTransactions.$inferInsert,
): Promise<SafeTransactionRow | null> {
  const [row] = await db.insert(safeTransactions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findSafeTransaction(
  db: Database,
  organizationUid: string,
  safeTxHash: string,
): Promise<SafeTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(safeTransactions)
    .where(
      and(eq(safeTransactions.organizationUid, organizationUid), eq(safeTransactions.safeTxHash, safeTxHash)),
    );
  return row;
}

/** A confirmation as a transaction's page shows it: whose, and when. */
export type ConfirmationSeen = Pick<ConfirmationRow, 'owner' | 'createdAt'>;

const otherAtNonce = alias(safeTransactions, 'other_at_nonce');

function prepareInFull(db: Database) {
  const c = safeTransactionConfirmations;
  return db
    .select({
      row: safeTransactions,
      proposer: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      // json, which both drivers parse.
      confirmations: sql<{ owner: string; createdAt: string }[]>`(
        select coalesce(json_agg(json_build_object('owner', ${c.owner}, 'createdAt', ${c.createdAt})
          order by ${c.createdAt}), '[]'::json)
        from ${c} where ${c.safeTransactionUid} = ${safeTransactions.uid})`,
      openAtNonce: sql<number>`case when ${inArray(safeTransactions.status, [...OPEN])} then ${db
        .select({ open: count() })
        .from(otherAtNonce)
        .where(
          and(
            eq(otherAtNonce.organizationUid, safeTransactions.organizationUid),
            eq(otherAtNonce.chainId, safeTransactions.chainId),
            eq(otherAtNonce.nonce, safeTransactions.nonce),
            inArray(otherAtNonce.status, [...OPEN]),
          ),
        )}::int else 0 end`,
    })
    .from(safeTransactions)
    .leftJoin(users, eq(users.uid, safeTransactions.proposedBy))
    .where(
      and(
        eq(safeTransactions.organizationUid, sql.placeholder('organizationUid')),
        eq(safeTransactions.safeTxHash, sql.placeholder('safeTxHash')),
      ),
    )
    .prepare('safe_transaction_in_full');
}
/** Prepared once per database (a transaction's is prepared for it). */
const inFullStatements = new WeakMap<Database, ReturnType<typeof prepareInFull>>();

/**
 * One transaction as its page shows it, in one statement (a read per part costs about a
 * millisecond each on the embedded database): the row, its proposer's name, its confirmations
 * (oldest first) and, when it is open, how many open transactions share its nonce on its chain.
 */
export async function findSafeTransactionInFull(
  db: Database,
  organizationUid: string,
  safeTxHash: string,
): Promise<
  | {
      row: SafeTransactionRow;
      proposerName: string | null;
      confirmations: ConfirmationSeen[];
      openAtNonce: number;
    }
  | undefined
> {
  let statement = inFullStatements.get(db);
  if (!statement) {
    statement = prepareInFull(db);
    inFullStatements.set(db, statement);
  }
  const [found] = await statement.execute({ organizationUid, safeTxHash });
  if (!found) return undefined;
  const { proposer } = found;
  return {
    row: found.row,
    proposerName: proposer ? personName(proposer) : null,
    confirmations: found.confirmations.map((confirmation) => ({
      owner: confirmation.owner,
      createdAt: new Date(confirmation.createdAt),
    })),
    openAtNonce: found.openAtNonce,
  };
}

/** The transaction with this uid, if it still exists. */
export async function findSafeTransactionByUid(
  db: Database,
  uid: string,
): Promise<SafeTransactionRow | undefined> {
  const [row] = await db.select().from(safeTransactions).where(eq(safeTransactions.uid, uid));
  return row;
}

/** The transaction, locked until the transaction ends (two confirmations wait for each other). */
export async function lockSafeTransaction(db: Database, uid: string): Promise<SafeTransactionRow> {
  const [row] = await db.select().from(safeTransactions).where(eq(safeTransactions.uid, uid)).for('update');
  if (!row) throw new Error('Safe transaction vanished');
  return row;
}

export async function updateSafeTransaction(
  db: Database,
  uid: string,
  patch: SafeTransactionPatch,
): Promise<SafeTransactionRow> {
  const [row] = await db
    .update(safeTransactions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(safeTransactions.uid, uid))
    .returning();
  if (!row) throw new Error('Safe transaction vanished');
  return row;
}

/** Every transaction of the organization with this safeTxHash (the webhooks' reading of a change). */
export function listSafeTransactionsByHash(
  db: Database,
  organizationUid: string,
  safeTxHash: string,
): Promise<SafeTransactionRow[]> {
  return db
    .select()
    .from(safeTransactions)
    .where(
      and(eq(safeTransactions.organizationUid, organizationUid), eq(safeTransactions.safeTxHash, safeTxHash)),
    );
}

/** The safeTxHashes of the organization's transactions changed or confirmed since `since`. */
export async function safeTxHashesChangedSince(
  db: Database,
  organizationUid: string,
  since: Date,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ safeTxHash: safeTransactions.safeTxHash })
    .from(safeTransactions)
    .leftJoin(
      safeTransactionConfirmations,
      eq(safeTransactionConfirmations.safeTransactionUid, safeTransactions.uid),
    )
    .where(
      and(
        eq(safeTransactions.organizationUid, organizationUid),
        or(gte(safeTransactions.updatedAt, since), gte(safeTransactionConfirmations.createdAt, since)),
      ),
    );
  return rows.map((row) => row.safeTxHash);
}

/** The Safe transaction paying an off-ramp, if proposed. */
export async function findOffRampPayment(
  db: Database,
  transferUid: string,
): Promise<SafeTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(safeTransactions)
    .where(and(eq(safeTransactions.transferUid, transferUid), eq(safeTransactions.kind, 'transfer')));
  return row;
}

/**
 * Replaces every other open transaction (awaiting confirmations or ready) of the Safe at the nonce
 * `row` used: none of them can ever execute. Their safeTxHashes.
 */
export function replaceOthersAtNonce(
  db: Database,
  row: Pick<SafeTransactionRow, 'uid' | 'organizationUid' | 'chainId' | 'safeAddress' | 'nonce'>,
): Promise<{ safeTxHash: string }[]> {
  return db
    .update(safeTransactions)
    .set({ status: 'replaced', updatedAt: new Date() })
    .where(
      and(
        eq(safeTransactions.organizationUid, row.organizationUid),
        eq(safeTransactions.chainId, row.chainId),
        eq(safeTransactions.safeAddress, row.safeAddress),
        eq(safeTransactions.nonce, row.nonce),
        ne(safeTransactions.uid, row.uid),
        inArray(safeTransactions.status, ['awaiting_confirmations', 'ready']),
      ),
    )
    .returning({ safeTxHash: safeTransactions.safeTxHash });
}

/** The highest nonce among the Safe's open transactions on a chain (null when none is open). */
export async function highestOpenNonce(
  db: Database,
  organizationUid: string,
  chainId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ nonce: sql<string | null>`max(${safeTransactions.nonce})` })
    .from(safeTransactions)
    .where(
      and(
        eq(safeTransactions.organizationUid, organizationUid),
        eq(safeTransactions.chainId, chainId),
        inArray(safeTransactions.status, [...OPEN]),
      ),
    );
  return row?.nonce === null || row?.nonce === undefined ? null : Number(row.nonce);
}

/** The open transactions at a nonce of the Safe on a chain (each chain's nonces are its own). */
export function openAtNonce(db: Database, organizationUid: string, chainId: number, nonce: number) {
  return db
    .select()
    .from(safeTransactions)
    .where(
      and(
        eq(safeTransactions.organizationUid, organizationUid),
        eq(safeTransactions.chainId, chainId),
        eq(safeTransactions.nonce, nonce),
        inArray(safeTransactions.status, [...OPEN]),
      ),
    );
}

/** What a list row shows: no SafeTx, no signed bytes (the one-transaction read has them). */
const LIST_COLUMNS = {
  uid: safeTransactions.uid,
  safeTxHash: safeTransactions.safeTxHash,
  kind: safeTransactions.kind,
  status: safeTransactions.status,
  chainId: safeTransactions.chainId,
  nonce: safeTransactions.nonce,
  transfer: safeTransactions.transfer,
  owners: safeTransactions.owners,
  threshold: safeTransactions.threshold,
  transferUid: safeTransactions.transferUid,
  executionTxHash: safeTransactions.executionTxHash,
  createdAt: safeTransactions.createdAt,
  updatedAt: safeTransactions.updatedAt,
};
export type SafeTransactionListRow = Pick<SafeTransactionRow, keyof typeof LIST_COLUMNS>;

/** The queue: every open transaction, by nonce then age (the caller orders the networks at a nonce). */
export function listQueued(db: Database, organizationUid: string): Promise<SafeTransactionListRow[]> {
  return db
    .select(LIST_COLUMNS)
    .from(safeTransactions)
    .where(
      and(eq(safeTransactions.organizationUid, organizationUid), inArray(safeTransactions.status, [...OPEN])),
    )
    .orderBy(asc(safeTransactions.nonce), asc(safeTransactions.createdAt));
}

/** Whether `uid` is one of the organization's transactions in the history (a page cursor). */
export async function isHistoryRow(db: Database, organizationUid: string, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: safeTransactions.uid })
    .from(safeTransactions)
    .where(
      and(
        eq(safeTransactions.organizationUid, organizationUid),
        eq(safeTransactions.uid, uid),
        notInArray(safeTransactions.status, [...OPEN]),
      ),
    );
  return row !== undefined;
}

/**
 * A page of the history (executed, failed, replaced), across the Safe's networks: the last to leave
 * the queue first, keyset on (updated_at, uid) after the `after` row. A transaction's updated_at is
 * last set when it leaves the queue (a history row is never changed again), so it is when it was
 * executed, failed or replaced; the cursor is read from the row itself so the database's own
 * timestamp (microseconds) is compared, never a rounded copy. A transaction that leaves the queue
 * meanwhile is newer than every history row, on whichever network, so it lands before the first
 * page, never between pages (nonces cannot say that: each network's Safe counts its own).
 */
export function historyPage(
  db: Database,
  organizationUid: string,
  page: { after: string | undefined; limit: number },
): Promise<SafeTransactionListRow[]> {
  const cursor = page.after
    ? sql`(${safeTransactions.updatedAt}, ${safeTransactions.uid}) <
        (select c.updated_at, c.uid from ${safeTransactions} c where c.uid = ${page.after})`
    : undefined;
  return db
    .select(LIST_COLUMNS)
    .from(safeTransactions)
    .where(
      and(
        eq(safeTransactions.organizationUid, organizationUid),
        notInArray(safeTransactions.status, [...OPEN]),
        cursor,
      ),
    )
    .orderBy(desc(safeTransactions.updatedAt), desc(safeTransactions.uid))
    .limit(page.limit);
}

/** Who confirmed which of these transactions (no signatures: what a list shows). */
export function confirmersOf(db: Database, uids: readonly string[]) {
  if (uids.length === 0) return Promise.resolve([]);
  return db
    .select({
      safeTransactionUid: safeTransactionConfirmations.safeTransactionUid,
      owner: safeTransactionConfirmations.owner,
    })
    .from(safeTransactionConfirmations)
    .where(inArray(safeTransactionConfirmations.safeTransactionUid, [...uids]));
}

/** The owners' confirmations of these transactions (with their signatures), oldest first. */
export function confirmationsOf(db: Database, uids: readonly string[]) {
  if (uids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(safeTransactionConfirmations)
    .where(inArray(safeTransactionConfirmations.safeTransactionUid, [...uids]))
    .orderBy(asc(safeTransactionConfirmations.createdAt));
}

/** False when the owner had confirmed already. */
export async function insertConfirmation(
  db: Database,
  values: typeof safeTransactionConfirmations.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(safeTransactionConfirmations)
    .values(values)
    .onConflictDoNothing()
    .returning({ owner: safeTransactionConfirmations.owner });
  return rows.length > 0;
}

/**
 * Safe transactions awaiting a confirmation the reader can give: awaiting confirmations, one of
 * their owners held by the reader's signing device in this organization, not yet confirmed by it.
 */
export async function signaturesAwaitedFrom(
  db: Database,
  organizationUid: string,
  userUid: string,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(safeTransactions)
    .innerJoin(
      walletSigners,
      and(
        eq(walletSigners.organizationUid, safeTransactions.organizationUid),
        eq(walletSigners.userUid, userUid),
      ),
    )
    .innerJoin(signingDevices, eq(signingDevices.uid, walletSigners.signingDeviceUid))
    .where(
      and(
        eq(safeTransactions.organizationUid, organizationUid),
        eq(safeTransactions.status, 'awaiting_confirmations'),
        sql`exists (select 1 from jsonb_array_elements_text(${safeTransactions.owners}) owner
          where lower(owner) = lower(${signingDevices.ethAddress}))`,
        sql`not exists (select 1 from ${safeTransactionConfirmations}
          where ${safeTransactionConfirmations.safeTransactionUid} = ${safeTransactions.uid}
            and lower(${safeTransactionConfirmations.owner}) = lower(${signingDevices.ethAddress}))`,
      ),
    );
  return Number(row?.total ?? 0);
}

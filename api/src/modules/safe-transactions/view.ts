import {
  personName,
  type TSafeTransaction,
  type TSafeTransactionListItem,
  type TSafeTx,
} from '@dash/shared/contracts';
import { getAddress } from 'viem';
import type { Database } from '../../db/client';
import type { ReadCache } from '../../http/read-cache';
import { listSigners } from '../wallet/index';
import {
  type ConfirmationSeen,
  confirmersOf,
  findSafeTransactionInFull,
  type SafeTransactionListRow,
  type SafeTransactionRow,
} from './repo';
import { networkOfChain } from './safe-network';
import { safeTxSignedForms } from './safe-tx';

// What a member reads of Safe transactions: each with its SafeTx, hashes and typed data, who
// confirmed and who is still missing (owners named by the members whose devices hold them), and
// whether another open transaction has its nonce.

/**
 * What a SafeTx's hashes and typed data are never changes (the safeTxHash is a hash of them): they
 * are worked out once per process (keccak and EIP-712 encoding cost about a millisecond a row, and
 * the queue and history show 70 rows), and kept for the most recent transactions read.
 */
const SIGNED_FORMS_KEPT = 5_000;
const signedForms = new Map<string, { domainHash: string; messageHash: string; typedData: string }>();
function signedFormOf(
  row: SafeTransactionRow,
  safe: { chainId: number; address: `0x${string}` },
  tx: TSafeTx,
) {
  const key = `${row.chainId}:${row.safeTxHash}`;
  let form = signedForms.get(key);
  if (!form) {
    form = safeTxSignedForms(safe, tx);
    if (signedForms.size >= SIGNED_FORMS_KEPT) {
      const oldest = signedForms.keys().next().value;
      if (oldest !== undefined) signedForms.delete(oldest);
    }
    signedForms.set(key, form);
  }
  return form;
}

/** A nonce of the Safe on one chain: what the open transactions in conflict share (each chain's are its own). */
export const nonceKey = (row: { chainId: number; nonce: number }) => `${row.chainId}:${row.nonce}`;

/** Where the views read: the database (or a transaction), and the read cache when outside one. */
export interface SafeReads {
  db: Database;
  readCache?: ReadCache | undefined;
}

/** Names an owner address by the member whose signing device holds it (null when none does). */
async function ownerViewer({ db, readCache }: SafeReads, organizationUid: string) {
  // Kept in the read cache, which every write in the organization and every change of a device or
  // a name (requests of no organization) empties.
  const signers = readCache
    ? await readCache.read(
        `safe-owner-signers:${organizationUid}`,
        async () => ({ value: await listSigners(db, organizationUid), validUntil: null }),
        organizationUid,
      )
    : await listSigners(db, organizationUid);
  const memberOf = new Map(
    signers.flatMap((signer) =>
      signer.ethAddress
        ? [[getAddress(signer.ethAddress), { userUid: signer.uid, name: personName(signer) }] as const]
        : [],
    ),
  );
  return (owner: string) => {
    const member = memberOf.get(getAddress(owner));
    return { owner, userUid: member?.userUid ?? null, name: member?.name ?? null };
  };
}

/** The owners whose confirmation a transaction still lacks. */
function missingOwners(row: Pick<SafeTransactionRow, 'owners'>, confirmedBy: readonly string[]): string[] {
  const confirmed = new Set<string>(confirmedBy.map((owner) => getAddress(owner)));
  return ownersOf(row).filter((owner) => !confirmed.has(owner));
}

/** List rows: what the queue and the history show, with one read of confirmers and signers. */
export async function viewSafeTransactionListItems(
  reads: SafeReads,
  organizationUid: string,
  rows: readonly SafeTransactionListRow[],
  openNonces: ReadonlyMap<string, number>,
): Promise<TSafeTransactionListItem[]> {
  if (rows.length === 0) return [];
  const [confirmers, ownerView] = await Promise.all([
    confirmersOf(
      reads.db,
      rows.map((row) => row.uid),
    ),
    ownerViewer(reads, organizationUid),
  ]);
  const byTransaction = new Map<string, string[]>();
  for (const { safeTransactionUid, owner } of confirmers) {
    byTransaction.set(safeTransactionUid, [...(byTransaction.get(safeTransactionUid) ?? []), owner]);
  }
  return rows.map((row) => listItemOf(row, byTransaction.get(row.uid) ?? [], ownerView, openNonces));
}

/** A list row: what the queue and history show of a transaction, given who confirmed it. */
function listItemOf(
  row: SafeTransactionListRow,
  confirmedBy: readonly string[],
  ownerView: Awaited<ReturnType<typeof ownerViewer>>,
  openNonces: ReadonlyMap<string, number>,
): TSafeTransactionListItem {
  return {
    uid: row.uid,
    safeTxHash: row.safeTxHash,
    kind: row.kind,
    status: row.status,
    network: networkOfChain(row.chainId),
    chainId: row.chainId,
    nonce: row.nonce,
    transfer: row.transfer ?? null,
    threshold: row.threshold,
    confirmed: confirmedBy.length,
    missing: missingOwners(row, confirmedBy).map(ownerView),
    conflict: (openNonces.get(nonceKey(row)) ?? 0) > 1,
    transferUid: row.transferUid,
    executionTxHash: row.executionTxHash,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One transaction in full (undefined when the organization has none with this safeTxHash). */
export async function readSafeTransactionView(
  reads: SafeReads,
  organizationUid: string,
  safeTxHash: string,
): Promise<TSafeTransaction | undefined> {
  const [found, ownerView] = await Promise.all([
    findSafeTransactionInFull(reads.db, organizationUid, safeTxHash),
    ownerViewer(reads, organizationUid),
  ]);
  if (!found) return undefined;
  const { row } = found;
  return fullViewOf(row, found, ownerView, new Map([[nonceKey(row), found.openAtNonce]]));
}

/** A transaction in full: its list row, SafeTx, signed forms, confirmations and proposer. */
function fullViewOf(
  row: SafeTransactionRow,
  read: { confirmations: readonly ConfirmationSeen[]; proposerName: string | null },
  ownerView: Awaited<ReturnType<typeof ownerViewer>>,
  openNonces: ReadonlyMap<string, number>,
): TSafeTransaction {
  const tx = row.tx as unknown as TSafeTx;
  const safe = { chainId: row.chainId, address: getAddress(row.safeAddress) };
  const { confirmed: _count, ...listed } = listItemOf(
    row,
    read.confirmations.map((confirmation) => confirmation.owner),
    ownerView,
    openNonces,
  );
  return {
    ...listed,
    safeAddress: safe.address,
    tx,
    ...signedFormOf(row, safe, tx),
    confirmations: read.confirmations.map((confirmation) => ({
      ...ownerView(confirmation.owner),
      submittedAt: confirmation.createdAt.toISOString(),
    })),
    proposedBy: row.proposedBy ? { uid: row.proposedBy, name: read.proposerName ?? '' } : null,
  };
}

/** The owners the transaction needs confirmations from: the Safe's, recorded at proposal. */
export function ownersOf(row: Pick<SafeTransactionRow, 'owners'>): string[] {
  return row.owners.map((owner) => getAddress(owner));
}

import type { TSafeTransaction, TSafeTx } from '@dash/shared/contracts';
import { getAddress } from 'viem';
import type { Database } from '../../db/client';
import { listSigners } from '../wallet/index';
import { type ConfirmationRow, confirmationsOf, namesOf, type SafeTransactionRow } from './repo';
import { networkOfChain } from './safe-network';
import { safeTxHashes, safeTxTypedDataJson } from './safe-tx';

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
    form = { ...safeTxHashes(safe, tx), typedData: safeTxTypedDataJson(safe, tx) };
    if (signedForms.size >= SIGNED_FORMS_KEPT) {
      const oldest = signedForms.keys().next().value;
      if (oldest !== undefined) signedForms.delete(oldest);
    }
    signedForms.set(key, form);
  }
  return form;
}

export async function viewSafeTransactions(
  db: Database,
  organizationUid: string,
  rows: readonly SafeTransactionRow[],
  openNonces: ReadonlyMap<number, number>,
): Promise<TSafeTransaction[]> {
  const [confirmations, signers] = await Promise.all([
    confirmationsOf(
      db,
      rows.map((row) => row.uid),
    ),
    listSigners(db, organizationUid),
  ]);
  const memberOf = new Map(
    signers.flatMap((signer) =>
      signer.ethAddress
        ? [
            [
              getAddress(signer.ethAddress),
              { userUid: signer.uid, name: `${signer.firstName} ${signer.lastName}`.trim() || signer.email },
            ] as const,
          ]
        : [],
    ),
  );
  const proposers = await namesOf(
    db,
    rows.flatMap((row) => (row.proposedBy ? [row.proposedBy] : [])),
  );
  const byTransaction = new Map<string, ConfirmationRow[]>();
  for (const confirmation of confirmations) {
    byTransaction.set(confirmation.safeTransactionUid, [
      ...(byTransaction.get(confirmation.safeTransactionUid) ?? []),
      confirmation,
    ]);
  }
  return rows.map((row) => {
    const tx = row.tx as unknown as TSafeTx;
    const safe = { chainId: row.chainId, address: getAddress(row.safeAddress) };
    const confirmed = byTransaction.get(row.uid) ?? [];
    const owners = ownersOf(row);
    const ownerView = (owner: string) => ({
      owner,
      userUid: memberOf.get(getAddress(owner))?.userUid ?? null,
      name: memberOf.get(getAddress(owner))?.name ?? null,
    });
    return {
      uid: row.uid,
      safeTxHash: row.safeTxHash,
      kind: row.kind,
      status: row.status,
      network: networkOfChain(row.chainId),
      chainId: row.chainId,
      safeAddress: safe.address,
      nonce: row.nonce,
      tx,
      transfer: row.transfer ?? null,
      ...signedFormOf(row, safe, tx),
      threshold: row.threshold,
      confirmations: confirmed.map((confirmation) => ({
        ...ownerView(confirmation.owner),
        submittedAt: confirmation.createdAt.toISOString(),
      })),
      missing: owners
        .filter((owner) => !confirmed.some((confirmation) => getAddress(confirmation.owner) === owner))
        .map(ownerView),
      conflict: (openNonces.get(row.nonce) ?? 0) > 1,
      proposedBy: row.proposedBy ? { uid: row.proposedBy, name: proposers.get(row.proposedBy) ?? '' } : null,
      transferUid: row.transferUid,
      executionTxHash: row.executionTxHash,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The owners the transaction needs confirmations from: the Safe's, recorded at proposal. */
export function ownersOf(row: SafeTransactionRow): string[] {
  return row.owners.map((owner) => getAddress(owner));
}

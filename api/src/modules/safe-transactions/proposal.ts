import type { TSafeTransaction, TSafeTx } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { type AuditActor, recordAudit } from '../audit/index';
import { publishSafeTransactionUpdated, type SafeTransactionDeps } from './deps';
import { highestOpenNonce, insertSafeTransaction, type SafeTransactionRow } from './repo';
import { safeTxHash } from './safe-tx';
import { notifySignatureRequest } from './signature-request';
import { readSafeTransactionView } from './view';

// The step every proposal ends with (a member's, or the Safe's payment of an off-ramp): the SafeTx
// recorded with its safeTxHash and the owners and threshold it needs, audited, with the mails to the
// owners it waits for queued, in the caller's transaction; the organization's pages told after the
// commit.

/**
 * The next nonce after the Safe's queue on a chain, never below the Safe's nonce there (read before
 * the transaction): the Safe on each network counts its own nonces.
 */
export async function nextNonce(
  tx: Database,
  organizationUid: string,
  chainId: number,
  chainNonce: bigint,
): Promise<bigint> {
  const queued = await highestOpenNonce(tx, organizationUid, chainId);
  return queued === null || BigInt(queued) < chainNonce ? chainNonce : BigInt(queued) + 1n;
}

export interface Proposal {
  organizationUid: string;
  safe: { chainId: number; address: `0x${string}`; owners: string[]; threshold: number };
  kind: SafeTransactionRow['kind'];
  safeTx: TSafeTx;
  transfer: SafeTransactionRow['transfer'];
  /** The off-ramp it pays, if any. */
  transferUid?: string | null;
  /** The member who proposed it (for a payment, the off-ramp's creator), or null. */
  proposedBy: string | null;
  actor: AuditActor;
}

/** Records the proposal (null: this exact transaction, or this off-ramp's payment, is already there). */
export async function recordProposal(
  deps: SafeTransactionDeps,
  tx: Database,
  proposal: Proposal,
): Promise<{ view: TSafeTransaction; afterCommit: () => Promise<void> } | null> {
  const { organizationUid, safe, safeTx } = proposal;
  const hash = safeTxHash(safe, safeTx);
  const row = await insertSafeTransaction(tx, {
    organizationUid,
    chainId: safe.chainId,
    safeAddress: safe.address,
    nonce: Number(safeTx.nonce),
    safeTxHash: hash,
    kind: proposal.kind,
    status: 'awaiting_confirmations',
    tx: safeTx,
    transfer: proposal.transfer,
    transferUid: proposal.transferUid ?? null,
    owners: safe.owners,
    threshold: safe.threshold,
    proposedBy: proposal.proposedBy,
  });
  if (!row) return null;
  await recordAudit(tx, {
    organizationUid,
    actor: proposal.actor,
    action: 'safe_transaction.proposed',
    subjectType: 'safe_transaction',
    subjectUid: row.uid,
    to: row.status,
    data: {
      safeTxHash: hash,
      nonce: row.nonce,
      kind: row.kind,
      ...(proposal.transfer ? { transfer: proposal.transfer } : {}),
      ...(row.transferUid ? { transferUid: row.transferUid } : {}),
    },
  });
  await notifySignatureRequest(tx, row);
  const view = await readSafeTransactionView({ db: tx }, organizationUid, row.safeTxHash);
  if (!view) throw new Error('proposal vanished');
  return { view, afterCommit: () => publishSafeTransactionUpdated(deps, organizationUid, hash) };
}

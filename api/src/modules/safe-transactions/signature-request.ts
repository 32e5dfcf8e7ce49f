import { getAddress } from 'viem';
import type { Database } from '../../db/client';
import { notify } from '../notifications/index';
import { listSigners } from '../wallet/index';
import { confirmationsOf, findSafeTransactionByUid, type SafeTransactionRow } from './repo';

// The owners a proposed Safe transaction waits for are told once, by mail (the notifications
// module, told in the proposal's transaction): each member whose signing device holds one of its
// owner keys, but the member who proposed it, and only while that owner's confirmation is missing.

/** Tells the notifications of a proposal, in its transaction. */
export async function notifySignatureRequest(tx: Database, proposal: SafeTransactionRow): Promise<void> {
  await notify(tx, {
    type: 'safe_transaction.proposed',
    organizationUid: proposal.organizationUid,
    safeTransactionUid: proposal.uid,
    safeTxHash: proposal.safeTxHash,
    nonce: proposal.nonce,
    owners: proposal.owners,
    proposedBy: proposal.proposedBy,
    transfer: proposal.transfer
      ? {
          amount: `${proposal.transfer.amount} ${proposal.transfer.symbol}`,
          recipient: proposal.transfer.recipient.name,
        }
      : null,
  });
}

/** Whether the transaction still awaits this member's confirmation (the signature mail's last check). */
export async function awaitsSignature(
  db: Database,
  safeTransactionUid: string,
  userUid: string,
): Promise<boolean> {
  const row = await findSafeTransactionByUid(db, safeTransactionUid);
  if (row?.status !== 'awaiting_confirmations') return false;
  const signer = (await listSigners(db, row.organizationUid)).find((candidate) => candidate.uid === userUid);
  if (!signer?.ethAddress) return false;
  const owner = getAddress(signer.ethAddress);
  if (!row.owners.some((candidate) => getAddress(candidate) === owner)) return false;
  const confirmed = await confirmationsOf(db, [row.uid]);
  return !confirmed.some((confirmation) => getAddress(confirmation.owner) === owner);
}

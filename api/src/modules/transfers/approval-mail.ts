import type { Database } from '../../db/client';
import { notify } from '../notifications/index';
import { findTransfer } from './repo';

/**
 * Tells the notifications of one step of an off-ramp's approval, in the transaction of the step:
 * a request (the members who may decide are mailed), or another member's decision (its creator is).
 * The facts the mail words (amount, beneficiary, creator) are read here, as they are at the step.
 */
export async function notifyApprovalStep(
  tx: Database,
  step: {
    organizationUid: string;
    transferUid: string;
    kind: 'requested' | 'approved' | 'rejected';
    creatorUid: string | null;
    /** Who decided (approved, rejected); the creator for a request. */
    actor: string;
    note: string | null;
  },
): Promise<void> {
  const transfer = await findTransfer(tx, step.organizationUid, step.transferUid);
  if (!transfer) return;
  const facts = {
    organizationUid: step.organizationUid,
    transferUid: step.transferUid,
    creatorUid: step.creatorUid,
    creator: transfer.createdBy?.email ?? step.actor,
    amount: `${transfer.sourceAmount} ${transfer.sourceCurrency}`,
    beneficiary: transfer.bankBeneficiary?.name ?? '',
  };
  await notify(
    tx,
    step.kind === 'requested'
      ? { type: 'transfer.approval_requested', ...facts }
      : {
          type: 'transfer.approval_decided',
          ...facts,
          decision: step.kind,
          actor: step.actor,
          note: step.note,
        },
  );
}

import type { TCancelTransferRequest, TTransfer } from '@dash/shared/contracts';
import type { OrganizationContext } from '../../http/guards';
import { notifyApprovalStep } from './approval-mail';
import { lockAwaitingApproval } from './awaiting-approval';
import { publishTransferUpdated, type TransferDeps } from './deps';
import { transferAnswer } from './new-transfer';
import { transferNote } from './notes';
import { stepTransfer } from './step';

// An off-ramp waiting for approval is called off before the provider hears of it: withdrawn by
// its creator or rejected by another member (Viewers cannot reach it). Its pending ledger lines
// are archived; the timeline, the transfer's reason and the audit log say who and why.

export async function cancelTransfer(
  deps: TransferDeps,
  context: OrganizationContext,
  transferUid: string,
  request: TCancelTransferRequest,
): Promise<TTransfer> {
  const organizationUid = context.organization.uid;
  await deps.db.transaction(async (tx) => {
    const transfer = await lockAwaitingApproval(tx, organizationUid, transferUid);
    const own = transfer.createdBy === context.user.uid;
    await stepTransfer(
      tx,
      transfer,
      'canceled',
      { user: context.user },
      transferNote(own ? 'canceled_by' : 'rejected_by', {
        actor: context.user.email,
        reason: request.reason,
      }),
    );
    // Another member's rejection is news to the creator; a creator's own withdrawal is not.
    if (!own) {
      await notifyApprovalStep(tx, {
        organizationUid,
        transferUid: transfer.uid,
        kind: 'rejected',
        creatorUid: transfer.createdBy,
        actor: context.user.email,
        note: request.reason || null,
      });
    }
  });
  deps.wake();
  await publishTransferUpdated(deps, organizationUid, transferUid);
  return transferAnswer(deps.db, organizationUid, transferUid);
}

import { codedMessage, type TTransfer } from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import { recordAudit, userActor } from '../audit/index';
import { notifyApprovalStep } from './approval-mail';
import { lockAwaitingApproval } from './awaiting-approval';
import { publishTransferUpdated, SUBJECT, type TransferDeps } from './deps';
import { enqueueDue } from './jobs';
import { transferAnswer } from './new-transfer';
import { transferNote } from './notes';
import { insertTransferEvent, trim, updateTransfer } from './repo';

// A second member approves an off-ramp above the organization's threshold (never its creator;
// Viewers cannot reach it): it goes on to await funds, its submit job is queued and its creator is
// told by mail, with the timeline's event and the audit record, in one transaction.

export async function approveOffRamp(
  deps: TransferDeps,
  context: OrganizationContext,
  transferUid: string,
): Promise<TTransfer> {
  const organizationUid = context.organization.uid;
  await deps.db.transaction(async (tx) => {
    const transfer = await lockAwaitingApproval(tx, organizationUid, transferUid);
    if (transfer.createdBy === context.user.uid)
      throw new AppError('FORBIDDEN', codedMessage('messages.secondApproverRequired'));
    await updateTransfer(tx, transfer.uid, { status: 'awaiting_funds', approvedBy: context.user.uid });
    const note = transferNote('approved_by', { actor: context.user.email });
    await insertTransferEvent(tx, {
      transferUid: transfer.uid,
      fromStatus: 'awaiting_approval',
      toStatus: 'awaiting_funds',
      source: 'user',
      note: note.text,
      noteCode: note.code,
      noteParams: note.params,
    });
    await recordAudit(tx, {
      organizationUid,
      actor: userActor(context.user),
      action: `${SUBJECT}.approved`,
      subjectType: SUBJECT,
      subjectUid: transfer.uid,
      from: 'awaiting_approval',
      to: 'awaiting_funds',
      data: { amount: trim(transfer.sourceAmount), currency: transfer.sourceCurrency },
    });
    await enqueueDue(deps, tx, transfer);
    await notifyApprovalStep(tx, {
      organizationUid,
      transferUid: transfer.uid,
      kind: 'approved',
      creatorUid: transfer.createdBy,
      actor: context.user.email,
      note: null,
    });
  });
  deps.wake();
  await publishTransferUpdated(deps, organizationUid, transferUid);
  return transferAnswer(deps.db, organizationUid, transferUid);
}

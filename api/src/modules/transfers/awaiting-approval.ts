import { TRANSFER_NOT_AWAITING_APPROVAL_MESSAGE, TRANSFER_NOT_FOUND_MESSAGE } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { lockTransfer } from './repo';

/** The organization's transfer, locked, if it waits for a second member's decision (404, 409 otherwise). */
export async function lockAwaitingApproval(tx: Database, organizationUid: string, transferUid: string) {
  const transfer = await lockTransfer(tx, transferUid);
  if (!transfer || transfer.organizationUid !== organizationUid) {
    throw new AppError('NOT_FOUND', TRANSFER_NOT_FOUND_MESSAGE);
  }
  if (transfer.status !== 'awaiting_approval') {
    throw new AppError('CONFLICT', TRANSFER_NOT_AWAITING_APPROVAL_MESSAGE);
  }
  return transfer;
}

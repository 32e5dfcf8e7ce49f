import { codedMessage } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { lockTransfer } from './repo';

/** The organization's transfer, locked, if it waits for a second member's decision (404, 409 otherwise). */
export async function lockAwaitingApproval(tx: Database, organizationUid: string, transferUid: string) {
  const transfer = await lockTransfer(tx, transferUid);
  if (!transfer || transfer.organizationUid !== organizationUid) {
    throw new AppError('NOT_FOUND', codedMessage('messages.transactionNotFound'));
  }
  if (transfer.status !== 'awaiting_approval') {
    throw new AppError('CONFLICT', codedMessage('messages.transferNotAwaitingApproval'));
  }
  return transfer;
}

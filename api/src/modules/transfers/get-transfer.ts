import { codedMessage, type TTransferDetail } from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import type { TransferDeps } from './deps';
import { findTransfer, listTransferEvents } from './repo';

// One transaction with its timeline of status changes (GET rails/transactions/{uid}).

export async function getTransfer(
  deps: TransferDeps,
  context: OrganizationContext,
  transferUid: string,
): Promise<TTransferDetail> {
  const transfer = await findTransfer(deps.db, context.organization.uid, transferUid);
  if (!transfer) throw new AppError('NOT_FOUND', codedMessage('messages.transactionNotFound'));
  return {
    ...transfer,
    events: await listTransferEvents(deps.db, transferUid),
    ...(deps.chains.of(transfer.network)?.local ? { localChain: true } : {}),
  };
}

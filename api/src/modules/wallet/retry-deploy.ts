import { codedMessage, type TOrganization, type TUser, type TWallet } from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import { userActor } from '../audit/index';
import { recordWalletAudit, type WalletContext } from './context';
import { startDeployAttempt } from './deploy-attempt';
import { getWallet } from './get-wallet';
import { lockWallet } from './repo';

/*
 * Retry a failed deployment (an Admin, guarded by the route): a new attempt, whose job runs as the
 * first one did (run-deploy-job.ts).
 */

/** A failed deployment again, with the stored configuration: the same Safe at the same address. */
export async function retryDeploy(
  context: WalletContext,
  organization: TOrganization,
  actor: TUser,
): Promise<TWallet> {
  await context.db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, organization.uid);
    if (wallet.status === 'deploying')
      throw new AppError('CONFLICT', codedMessage('messages.walletDeploying'));
    if (wallet.status === 'deployed') throw new AppError('CONFLICT', codedMessage('messages.walletDeployed'));
    if (wallet.status !== 'failed')
      throw new AppError('CONFLICT', codedMessage('messages.deploymentRetryFailedOnly'));
    if (wallet.chainId === null)
      throw new AppError('CONFLICT', codedMessage('messages.deploymentRetryFailedOnly'));
    await startDeployAttempt(tx, wallet, wallet.chainId, {});
    await recordWalletAudit(tx, organization.uid, {
      actor: userActor(actor),
      action: 'wallet.deploy_retried',
      from: wallet.status,
      to: 'deploying',
      data: { attempt: wallet.deployAttempt + 1 },
    });
  });
  context.wake();
  return getWallet(context, organization.uid);
}

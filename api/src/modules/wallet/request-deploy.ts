import { codedMessage, type TOrganization, type TUser, type TWallet } from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import { userActor } from '../audit/index';
import { recordWalletAudit, type WalletContext } from './context';
import { startDeployAttempt } from './deploy-attempt';
import { getWallet } from './get-wallet';
import { configFor, ownersOf, ownersProblem } from './owners';
import { listSigners, lockWallet, type SignerRow } from './repo';
import { predictSafeAddress } from './safe';

/*
 * Request the deployment (an Admin, guarded by the route): the signers' addresses become the
 * owners, in proposal order, with the chosen quorum. The whole configuration and the predicted
 * address are stored with the first attempt's job in one transaction, before any chain
 * transaction exists; the job (run-deploy-job.ts) does the rest. From here on the wallet does not
 * change, except a retry of a failed attempt.
 */

export interface DeployRequest {
  threshold: number;
  /**
   * The owners the Admin saw, in order; when the signers changed since, nothing is deployed
   * (409 on owners) and the page shows them anew.
   */
  owners?: string[];
}

/** The owners the Admin confirmed are the signers' addresses now (same addresses, same order). */
function sameOwners(confirmed: string[], signers: SignerRow[]): boolean {
  return (
    confirmed.length === signers.length &&
    confirmed.every((address, index) => address.toLowerCase() === signers[index]?.ethAddress?.toLowerCase())
  );
}

export async function requestDeploy(
  context: WalletContext,
  organization: TOrganization,
  actor: TUser,
  { threshold, owners: confirmed }: DeployRequest,
): Promise<TWallet> {
  await context.db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, organization.uid);
    if (wallet.status === 'deployed') throw new AppError('CONFLICT', codedMessage('messages.walletDeployed'));
    if (wallet.status === 'deploying')
      throw new AppError('CONFLICT', codedMessage('messages.walletDeploying'));
    if (wallet.status === 'failed')
      throw new AppError('CONFLICT', codedMessage('messages.signersLockedDeploymentRequested'));
    const signers = await listSigners(tx, organization.uid);
    const owners = ownersOf(signers);
    if (confirmed && !sameOwners(confirmed, signers)) {
      throw ownersProblem('CONFLICT', codedMessage('messages.walletSignersChanged'));
    }
    if ('problem' in owners) throw owners.problem;
    if (threshold > owners.owners.length) {
      throw new AppError('VALIDATION', codedMessage('messages.chooseQuorum'), {
        threshold: codedMessage('messages.chooseQuorum'),
      });
    }
    const config = configFor(context.chain, organization.uid, owners.owners, threshold);
    await startDeployAttempt(tx, wallet, config.chainId, {
      chainId: config.chainId,
      address: predictSafeAddress(config),
      owners: config.owners,
      threshold: config.threshold,
      saltNonce: config.saltNonce.toString(),
      proxyFactory: config.proxyFactory,
      singleton: config.singleton,
      fallbackHandler: config.fallbackHandler,
    });
    await recordWalletAudit(tx, organization.uid, {
      actor: userActor(actor),
      action: 'wallet.deploy_requested',
      from: wallet.status,
      to: 'deploying',
      // Who each owner is: the wallet keeps naming an owner who leaves the organization later.
      data: {
        threshold: config.threshold,
        owners: config.owners,
        signers: signers.map((signer, index) => ({ userUid: signer.uid, address: config.owners[index] })),
      },
    });
  });
  context.wake();
  return getWallet(context, organization.uid);
}

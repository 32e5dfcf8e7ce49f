import {
  codedMessage,
  EVM_CHAIN_IDS,
  type TNetworkId,
  type TOrganization,
  type TUser,
  type TWallet,
} from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import type { IdempotentWork } from '../../http/idempotency';
import { userActor } from '../audit/index';
import { recordWalletAudit, type WalletContext } from './context';
import { startDeployAttempt } from './deploy-attempt';
import { getWallet } from './get-wallet';
import { lockWallet } from './repo';

/*
 * Deploy the Safe on another network ("Deploy on <network>", an Admin, guarded by the route; an
 * Idempotency-Key): the configuration stored by the first deploy request (owners, threshold, salt
 * nonce, factory, singleton, fallback handler) on a network it is not on yet, so the same address, as
 * Safe{Wallet}'s multi-chain Safes. Only once it is deployed on its first network; on a network
 * where it failed, a new attempt (a retry). In the caller's transaction under the wallet's row lock:
 * that network's deployment moves to deploying with its job (run-deploy-job.ts, on that chain),
 * audited; the job runner is woken after the commit.
 */

const unavailable = () =>
  new AppError('VALIDATION', codedMessage('messages.walletNetworkUnavailable'), {
    network: codedMessage('messages.walletNetworkUnavailable'),
  });

export async function requestNetworkDeploy(
  context: WalletContext,
  organization: TOrganization,
  actor: TUser,
  network: TNetworkId,
): Promise<IdempotentWork<{ data: TWallet }>> {
  // Load: the network's chain (one this API can deploy on).
  const chainId = EVM_CHAIN_IDS[network];
  const chain = chainId === undefined ? undefined : context.chains.of(chainId);
  if (!chain) throw unavailable();

  // Check, under the wallet's lock: deployed on its first network, not yet on this one.
  const first = await lockWallet(context.db, organization.uid);
  if (first.status !== 'deployed' || first.chainId === null) {
    throw new AppError('CONFLICT', codedMessage('messages.walletNotDeployedYet'));
  }
  const there = await lockWallet(context.db, organization.uid, chain.info.id);
  if (there.status === 'deployed') {
    throw new AppError('CONFLICT', codedMessage('messages.walletOnNetwork'), {
      network: codedMessage('messages.walletOnNetwork'),
    });
  }
  if (there.status === 'deploying') {
    throw new AppError('CONFLICT', codedMessage('messages.walletNetworkDeploying'), {
      network: codedMessage('messages.walletNetworkDeploying'),
    });
  }

  // Record: the attempt with its job, audited.
  await startDeployAttempt(context.db, there, chain.info.id, {});
  await recordWalletAudit(context.db, organization.uid, {
    actor: userActor(actor),
    action: there.status === 'failed' ? 'wallet.deploy_retried' : 'wallet.network_deploy_requested',
    from: there.status,
    to: 'deploying',
    data: { network, chainId: chain.info.id, address: first.address, attempt: there.deployAttempt + 1 },
  });
  return {
    answer: { data: await getWallet(context, organization.uid) },
    afterCommit: async () => context.wake(),
  };
}

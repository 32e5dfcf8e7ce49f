import { ZUid } from '@dash/shared/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/runner';
import { updateWallet, type WalletPatch, type WalletRow } from './repo';

/*
 * One attempt at deploying the wallet on a network: its number on that network's deployment row and
 * the durable job that carries it out (run-deploy-job.ts). The deploy request (or "Deploy on
 * <network>") starts the first, a retry each next one.
 */

export const WALLET_DEPLOY_JOB = 'wallet.deploy';
export const ZDeployJobPayload = z.object({
  organizationUid: ZUid,
  attempt: z.number().int().positive(),
  /** The network's chain id; absent in jobs queued before there were several: the first network. */
  chainId: z.number().int().positive().optional(),
});
export type DeployJobPayload = z.infer<typeof ZDeployJobPayload>;

/**
 * Moves the wallet's deployment on `chainId` to deploying for a new attempt and enqueues its job
 * (same transaction); `patch` also stores the configuration (the first request).
 */
export async function startDeployAttempt(
  tx: Database,
  wallet: WalletRow,
  chainId: number,
  patch: WalletPatch,
): Promise<void> {
  const attempt = wallet.deployAttempt + 1;
  await updateWallet(tx, wallet.organizationUid, chainId, {
    ...patch,
    status: 'deploying',
    deployAttempt: attempt,
    txHash: null,
    rawTx: null,
    txNonce: null,
    error: null,
    requestedAt: new Date(),
  });
  await enqueueJob<DeployJobPayload>(tx, {
    kind: WALLET_DEPLOY_JOB,
    payload: { organizationUid: wallet.organizationUid, attempt, chainId },
    key: `${WALLET_DEPLOY_JOB}:${wallet.organizationUid}:${chainId}:${attempt}`,
  });
}

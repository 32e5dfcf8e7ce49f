import { ZUid } from '@dash/shared/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/runner';
import { updateWallet, type WalletPatch, type WalletRow } from './repo';

/*
 * One attempt at deploying the wallet: its number on the wallet row and the durable job that carries
 * it out (run-deploy-job.ts). The deploy request starts the first, a retry each next one.
 */

export const WALLET_DEPLOY_JOB = 'wallet.deploy';
export const ZDeployJobPayload = z.object({ organizationUid: ZUid, attempt: z.number().int().positive() });
export type DeployJobPayload = z.infer<typeof ZDeployJobPayload>;

/** Moves the wallet to deploying for a new attempt and enqueues its job (same transaction). */
export async function startDeployAttempt(tx: Database, wallet: WalletRow, patch: WalletPatch): Promise<void> {
  const attempt = wallet.deployAttempt + 1;
  await updateWallet(tx, wallet.organizationUid, {
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
    payload: { organizationUid: wallet.organizationUid, attempt },
    key: `${WALLET_DEPLOY_JOB}:${wallet.organizationUid}:${attempt}`,
  });
}

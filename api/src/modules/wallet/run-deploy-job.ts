import { TransactionRollbackError } from 'drizzle-orm';
import { type Address, getAddress, type Hex } from 'viem';
import { crashPoint } from '../../crash-point';
import { type JobContext, type JobDefinition, RescheduleJob } from '../../jobs/runner';
import { DeploymentRejectedError, describeChainError } from './chain';
import { recordWalletAudit, type WalletContext } from './context';
import { type DeployJobPayload, WALLET_DEPLOY_JOB, ZDeployJobPayload } from './deploy-attempt';
import { failureReason } from './failure';
import {
  findWallet,
  lockWallet,
  recordDeploymentTransaction,
  takeRelayerNonce,
  updateWallet,
  type WalletPatch,
  type WalletRow,
} from './repo';
import type { SafeDeploymentConfig } from './safe';

/*
 * Run the deploy job: the durable job that sends createProxyWithNonce from the relayer on one
 * network (the deployment's chain: the job runs with that chain's access) and follows it to the end. Each run looks at the world first (a Safe already at the address, a transaction
 * already recorded), and only then sends: signed under the relayer's nonce lock and recorded
 * before it is broadcast, so a run that stops anywhere is resumed by the next without a second
 * transaction. A stale attempt (a newer one replaced it) does nothing.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The configuration stored with the wallet: what every attempt deploys. */
function storedConfig(wallet: WalletRow): SafeDeploymentConfig {
  if (
    wallet.chainId === null ||
    wallet.owners === null ||
    wallet.threshold === null ||
    wallet.saltNonce === null ||
    wallet.proxyFactory === null ||
    wallet.singleton === null ||
    wallet.fallbackHandler === null
  ) {
    throw new Error(`Wallet of ${wallet.organizationUid} has no stored deployment configuration`);
  }
  return {
    chainId: wallet.chainId,
    owners: wallet.owners.map((owner) => getAddress(owner)),
    threshold: wallet.threshold,
    saltNonce: BigInt(wallet.saltNonce),
    proxyFactory: getAddress(wallet.proxyFactory),
    singleton: getAddress(wallet.singleton),
    fallbackHandler: getAddress(wallet.fallbackHandler),
  };
}

/** Settles the attempt, unless a newer one replaced it. */
async function settle({ db, chain }: WalletContext, wallet: WalletRow, patch: WalletPatch): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockWallet(tx, wallet.organizationUid, chain.info.id);
    if (current.status !== 'deploying' || current.deployAttempt !== wallet.deployAttempt) return;
    await updateWallet(tx, wallet.organizationUid, chain.info.id, patch);
    await recordWalletAudit(tx, wallet.organizationUid, {
      actor: { kind: 'system' },
      action: patch.status === 'deployed' ? 'wallet.deployed' : 'wallet.deploy_failed',
      from: current.status,
      to: patch.status ?? null,
      note: patch.error ?? null,
      data: {
        chainId: chain.info.id,
        attempt: current.deployAttempt,
        address: current.address,
        txHash: current.txHash,
      },
    });
  });
}

const fail = (context: WalletContext, wallet: WalletRow, reason: string) =>
  settle(context, wallet, { status: 'failed', error: reason.slice(0, 1_000) });

/** The Safe is at the address: deployed when it has the stored owners (in order) and threshold. */
async function confirm(
  context: WalletContext,
  wallet: WalletRow,
  config: SafeDeploymentConfig,
  address: Address,
): Promise<void> {
  const safe = await context.chain.readSafe(address);
  const sameOwners =
    safe.owners.length === config.owners.length &&
    safe.owners.every((owner, index) => owner === config.owners[index]);
  if (!sameOwners || safe.threshold !== config.threshold) {
    await fail(context, wallet, failureReason.otherContract(address));
    return;
  }
  await settle(context, wallet, { status: 'deployed', deployedAt: new Date(), error: null });
}

/** Follows a recorded transaction: mined (confirm or fail), pending (come back later), lost (send it again). */
async function follow(
  context: WalletContext,
  wallet: WalletRow,
  config: SafeDeploymentConfig,
  address: Address,
): Promise<void> {
  const { chain, timing } = context;
  const hash = wallet.txHash as Hex;
  const deadline = Date.now() + timing.receiptWaitMs;
  for (;;) {
    const receipt = await chain.receipt(hash);
    if (receipt?.status === 'success') return confirm(context, wallet, config, address);
    if (receipt?.status === 'reverted') {
      // Someone may have deployed the same Safe first (CREATE2 then fails): it is there all the same.
      if (await chain.hasCode(address)) return confirm(context, wallet, config, address);
      return fail(context, wallet, failureReason.reverted(hash));
    }
    if (!(await chain.knowsTransaction(hash)) && wallet.rawTx) {
      // Its nonce went to another transaction: this one can never be mined (checked before re-sending).
      if (wallet.txNonce !== null && (await chain.minedNonce()) > wallet.txNonce) {
        if ((await chain.receipt(hash)) !== null) continue; // mined meanwhile after all
        if (await chain.hasCode(address)) return confirm(context, wallet, config, address);
        return fail(context, wallet, failureReason.replaced(hash));
      }
      // Signed and recorded, but the node never got it (the process stopped in between): send the same bytes.
      await chain.broadcast(wallet.rawTx as Hex);
    }
    if (Date.now() >= deadline) break;
    await sleep(Math.min(100, timing.receiptPollMs));
  }
  // A pending transaction is never declared failed on a timer: look again later.
  throw new RescheduleJob(timing.receiptPollMs, `waiting for ${hash}`);
}

async function send(
  context: WalletContext,
  wallet: WalletRow,
  config: SafeDeploymentConfig,
): Promise<WalletRow | null> {
  const { db, chain } = context;
  let gas: bigint;
  try {
    gas = await chain.estimateDeployment(config);
  } catch (error) {
    if (error instanceof DeploymentRejectedError) {
      await fail(context, wallet, error.message);
      return null;
    }
    throw error;
  }
  const signed = await db.transaction(async (tx) => {
    const nonce = await takeRelayerNonce(tx, chain.info.id, chain.relayer, () => chain.pendingNonce());
    const transaction = await chain.signDeployment(config, nonce, gas);
    // Recorded before it is broadcast: a process that stops after this line resumes with this hash.
    const recorded = await recordDeploymentTransaction(
      tx,
      wallet.organizationUid,
      chain.info.id,
      wallet.deployAttempt,
      transaction,
    );
    if (!recorded) {
      tx.rollback();
    }
    return transaction;
  });
  crashPoint('wallet.deploy.after-record');
  await chain.broadcast(signed.raw);
  return { ...wallet, txHash: signed.hash, rawTx: signed.raw, txNonce: signed.nonce };
}

/** The deployment a job is about (its network: the payload's, else the first network) and that chain's access. */
async function loadDeployment(context: WalletContext, payload: DeployJobPayload) {
  const wallet = await findWallet(context.db, payload.organizationUid, payload.chainId);
  if (wallet?.status !== 'deploying' || wallet.deployAttempt !== payload.attempt) return null;
  return { wallet, chain: wallet.chainId === null ? undefined : context.chains.of(wallet.chainId) };
}

export async function runDeployJob(
  walletContext: WalletContext,
  payload: DeployJobPayload,
  job: JobContext,
): Promise<void> {
  const loaded = await loadDeployment(walletContext, payload);
  if (!loaded) return;
  const { wallet } = loaded;
  const config = storedConfig(wallet);
  const address = getAddress(wallet.address as string);
  if (!loaded.chain) {
    // This API has no access to the network it was requested on (WALLET_CHAIN changed since).
    const home = walletContext.chain;
    const context = { ...walletContext, chain: { ...home, info: { ...home.info, id: config.chainId } } };
    await fail(context, wallet, failureReason.wrongChain(config.chainId, home.info.id));
    return;
  }
  // From here on, the context's chain is the deployment's.
  const context: WalletContext = { ...walletContext, chain: loaded.chain };
  const { chain, timing } = context;
  // The world first: the Safe may already be there (a previous run got this far).
  if (await chain.hasCode(address)) return confirm(context, wallet, config, address);
  if (wallet.txHash) {
    try {
      return await follow(context, wallet, config, address);
    } catch (error) {
      if (error instanceof RescheduleJob) throw error;
      // The chain could not be asked; the transaction may still be pending: never a failure.
      job.log.warn({ err: error }, 'Could not follow the deployment transaction');
      throw new RescheduleJob(timing.receiptPollMs, describeChainError(error));
    }
  }
  let sent: WalletRow | null;
  try {
    sent = await send(context, wallet, config);
  } catch (error) {
    // Rolled back: a newer attempt (or another worker) recorded a transaction first.
    if (error instanceof TransactionRollbackError) return;
    throw error;
  }
  if (sent) await follow(context, sent, config, address);
}

/** The job's definition for the runner: runDeployJob, and the failure recorded when it is given up. */
export function deployJob(context: WalletContext): JobDefinition<DeployJobPayload> {
  return {
    kind: WALLET_DEPLOY_JOB,
    payload: ZDeployJobPayload,
    handle: (payload, job) => runDeployJob(context, payload, job),
    async onGiveUp(payload, error) {
      const loaded = await loadDeployment(context, payload);
      // Only reached before a transaction was recorded (after that, errors reschedule).
      if (!loaded?.chain || loaded.wallet.txHash) return;
      await fail(
        { ...context, chain: loaded.chain },
        loaded.wallet,
        failureReason.notSent(describeChainError(error)),
      );
    },
  };
}

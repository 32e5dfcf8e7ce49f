import type { TTransferReviewCode, TTransferReviewParams } from '@dash/shared/contracts';
import { toBaseUnits } from '@dash/shared/contracts';
import { getAddress, type Hex, TransactionReceiptNotFoundError } from 'viem';
import { z } from 'zod';
import { ChainUnreachableError, decodeTokenTransfers, type TokenTransferLog } from '../../chain/index';
import type { Database } from '../../db/client';
import { enqueueJob, type JobDefinition, RescheduleJob } from '../../jobs/runner';
import { recordAudit } from '../audit/index';
import { findDeliveryOwner, insertChainTransfer } from './deliveries-repo';
import { publishTransferUpdated, SUBJECT, type TransferDeps } from './deps';
import { lockTransfer, type TransferRow, trim, updateTransfer } from './repo';
import { stepTransfer } from './step';

// Verify a delivery: an on-ramp or a deposit completes only once its network shows the provider's
// transaction mined, with the confirmations configured, holding a Transfer of the transfer's token
// for exactly its amount to its wallet, a log no other transfer counted. The provider's news of it
// (a webhook, reconciliation) stops short of `completed` and queues this job (applyProviderView);
// the job reads the chain, then in one transaction counts the log once (chain_transfers) and
// completes the transfer, or holds it in review with what the chain shows, audited either way.

export const VERIFY_DELIVERY_JOB_KIND = 'transfer.verify-delivery';
const ZVerifyDeliveryJob = z.object({
  transferUid: z.uuid(),
  txHash: z.string(),
  /** Who reported the delivery: the completion is theirs, once the chain confirms it. */
  source: z.enum(['provider', 'reconciliation', 'system']).default('provider'),
});
type VerifyDeliveryJob = z.infer<typeof ZVerifyDeliveryJob>;

/** A transaction the network does not know after this long is reported as not found. */
const NOT_FOUND_AFTER_MS = 10 * 60_000;

/** Transfers whose provider sends tokens to a wallet: their completion is checked on chain. */
export function deliversTokens(transfer: Pick<TransferRow, 'type'>): boolean {
  return transfer.type === 'on_ramp' || transfer.type === 'deposit';
}

/** Queues the check of a reported delivery, in the transaction that recorded the report (once per hash). */
export async function enqueueVerifyDelivery(
  tx: Database,
  transferUid: string,
  txHash: string,
  source: VerifyDeliveryJob['source'],
) {
  await enqueueJob(tx, {
    kind: VERIFY_DELIVERY_JOB_KIND,
    payload: { transferUid, txHash, source },
    key: `${VERIFY_DELIVERY_JOB_KIND}:${transferUid}:${txHash}`,
  });
}

type Finding =
  | { kind: 'delivered'; log: TokenTransferLog; chainId: number }
  | { kind: 'wait'; delayMs: number }
  | { kind: 'review'; code: TTransferReviewCode; params: TTransferReviewParams };

const REVIEW_WORDS: Record<TTransferReviewCode, (params: TTransferReviewParams) => string> = {
  delivery_not_found: ({ network, txHash }) =>
    `The provider reported the delivery in ${txHash}, which ${network} does not have.`,
  delivery_reverted: ({ network, txHash }) =>
    `The provider's delivery ${txHash} failed on ${network}: nothing was sent.`,
  delivery_mismatch: ({ network, txHash, symbol, expected, found }) =>
    `The provider's delivery ${txHash} on ${network} does not send ${expected}; ${found ? `the chain shows ${found}` : `it moves no ${symbol}`}.`,
  delivery_counted_elsewhere: ({ network, txHash }) =>
    `The provider's delivery ${txHash} on ${network} already completed another transfer.`,
  network_unwatched: ({ network }) =>
    `This installation does not watch ${network} or its token, so the delivery cannot be checked.`,
};

/** Reads the chain for the reported delivery, outside any transaction. */
async function readDelivery(deps: TransferDeps, transfer: TransferRow, txHash: string): Promise<Finding> {
  const network = deps.chains.of(transfer.network);
  const params = { network: transfer.network, txHash };
  if (!network) return { kind: 'review', code: 'network_unwatched', params };
  const symbol = transfer.targetCurrency;
  const amount = trim(transfer.targetAmount);
  // Chain facts, in no language: "994.00 testbrz → 0x5aAe…" (the page words the sentence around them).
  const expected = `${amount} ${symbol} → ${transfer.walletAddress ?? '?'}`;
  const mismatch = (found?: string): Finding => ({
    kind: 'review',
    code: 'delivery_mismatch',
    params: { ...params, symbol, expected, ...(found ? { found } : {}) },
  });
  const token = network.token(symbol);
  // A token this installation does not know on the network cannot be checked either.
  if (!token) return { kind: 'review', code: 'network_unwatched', params };
  if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) return { kind: 'review', code: 'delivery_not_found', params };

  let receipt: Awaited<ReturnType<typeof network.client.getTransactionReceipt>>;
  let head: bigint;
  try {
    receipt = await network.client.getTransactionReceipt({ hash: txHash as Hex });
    head = await network.client.getBlockNumber({ cacheTime: 0 });
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) {
      throw new ChainUnreachableError(transfer.network, { cause: error });
    }
    // Not mined (yet): wait, up to a point.
    if (deps.now() - transfer.updatedAt.getTime() > NOT_FOUND_AFTER_MS) {
      return { kind: 'review', code: 'delivery_not_found', params };
    }
    return { kind: 'wait', delayMs: deps.chains.pollMs };
  }
  if (receipt.status !== 'success') return { kind: 'review', code: 'delivery_reverted', params };
  if (head - receipt.blockNumber + 1n < BigInt(deps.chains.confirmations)) {
    return { kind: 'wait', delayMs: deps.chains.pollMs };
  }
  const logs = decodeTokenTransfers(receipt.logs, [token]);
  let units: bigint | null = null;
  try {
    units = toBaseUnits(amount, token.decimals);
  } catch {
    return mismatch(); // more decimals than the token has: no log can match
  }
  const wallet = transfer.walletAddress ? getAddress(transfer.walletAddress) : null;
  const log = logs.find((candidate) => candidate.to === wallet && candidate.units === units);
  if (log) return { kind: 'delivered', log, chainId: network.chainId };
  return mismatch(
    logs.length === 0
      ? undefined
      : logs.map((candidate) => `${candidate.amount} ${symbol} → ${candidate.to}`).join('; '),
  );
}

/** Holds the transfer in review with the chain's finding (recorded once per finding). */
export async function holdForReview(
  tx: Database,
  transfer: TransferRow,
  code: TTransferReviewCode,
  params: TTransferReviewParams,
): Promise<boolean> {
  const message = REVIEW_WORDS[code](params);
  if (transfer.reviewCode === code && transfer.reviewMessage === message) return false;
  await updateTransfer(tx, transfer.uid, { reviewCode: code, reviewParams: params, reviewMessage: message });
  await recordAudit(tx, {
    organizationUid: transfer.organizationUid,
    actor: { kind: 'system' },
    action: `${SUBJECT}.held_for_review`,
    subjectType: SUBJECT,
    subjectUid: transfer.uid,
    from: transfer.status,
    to: transfer.status,
    note: message,
    data: { reviewCode: code, reviewParams: params },
  });
  return true;
}

export async function verifyDelivery(deps: TransferDeps, job: VerifyDeliveryJob): Promise<void> {
  const { db } = deps;
  // Load: a transfer that moved on, or whose provider reported another transaction since, is done.
  const [transfer] = await db.transaction(async (tx) => [await lockTransfer(tx, job.transferUid)]);
  if (transfer?.status !== 'payment_submitted' || transfer.txHash !== job.txHash) return;

  // Check the chain (a chain that cannot be reached throws: the runner retries with backoff).
  const finding = await readDelivery(deps, transfer, job.txHash);
  if (finding.kind === 'wait') throw new RescheduleJob(finding.delayMs, 'waiting for the delivery on chain');

  // Record: in one transaction, the state checked again under the lock.
  const changed = await db.transaction(async (tx) => {
    const current = await lockTransfer(tx, job.transferUid);
    if (current?.status !== 'payment_submitted' || current.txHash !== job.txHash) return false;
    if (finding.kind === 'review') return holdForReview(tx, current, finding.code, finding.params);
    const { log, chainId } = finding;
    const counted = await insertChainTransfer(
      tx,
      { chainId, network: current.network, log },
      { kind: 'delivery', organizationUid: current.organizationUid, transferUid: current.uid },
    );
    if (counted === null && (await findDeliveryOwner(tx, chainId, log)) !== current.uid) {
      return holdForReview(tx, current, 'delivery_counted_elsewhere', {
        network: current.network,
        txHash: job.txHash,
      });
    }
    const cleared = current.reviewCode
      ? await updateTransfer(tx, current.uid, { reviewCode: null, reviewParams: null, reviewMessage: null })
      : current;
    await stepTransfer(tx, cleared, 'completed', job.source, null);
    return true;
  });
  if (changed) await publishTransferUpdated(deps, transfer.organizationUid, transfer.uid);
}

export function verifyDeliveryJob(deps: TransferDeps): JobDefinition<VerifyDeliveryJob> {
  return {
    kind: VERIFY_DELIVERY_JOB_KIND,
    payload: ZVerifyDeliveryJob,
    handle: (job) => verifyDelivery(deps, job),
    // A chain that stays unreachable is asked again for about a day (backoff up to 5 minutes).
    maxAttempts: 300,
  };
}

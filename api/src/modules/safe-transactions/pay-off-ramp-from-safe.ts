import { compareDecimals, EVM_CHAIN_IDS, toBaseUnits, tokenOf, ZUid } from '@dash/shared/contracts';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob, type JobDefinition, RescheduleJob } from '../../jobs/runner';
import { failUnpaidSafeOffRamp, findSafeOffRamp, publishTransferUpdated } from '../transfers/index';
import { deployedSafeOf } from '../wallet/index';
import { chainOfSafe, publishSafeTransactionUpdated, type SafeTransactionDeps } from './deps';
import { nextNonce, recordProposal } from './proposal';
import { findOffRampPayment, lockSafeTransaction, openAtNonce } from './repo';
import { networkOfChain } from './safe-network';
import { rejectionTx, tokenTransferTx } from './safe-tx';

// Pay an off-ramp from the organization's Safe. Queued when the off-ramp becomes due (created, or
// approved above the threshold): once the provider names its deposit address, the token transfer of
// the exact quoted amount to it is proposed in the Safe's queue (once per off-ramp), on behalf of
// the off-ramp's creator; the signers confirm it and the relayer executes it like any other. At the
// quote's expiry, an off-ramp the Safe has not paid fails ("get a new quote") and its transaction's
// nonce gets a rejection, so that the signed payment can never execute later (the execution job
// also refuses one whose off-ramp no longer waits for it).

export const PAY_OFF_RAMP_JOB = 'safe_transaction.pay_off_ramp';
export const OFF_RAMP_EXPIRY_JOB = 'safe_transaction.off_ramp_expiry';
const ZOffRampPayload = z.object({ organizationUid: ZUid, transferUid: ZUid });
type OffRampPayload = z.infer<typeof ZOffRampPayload>;

/** How long to wait between looks for the provider's deposit address. */
const POLL_MS = 500;

/** Queues the Safe's payment of an off-ramp (deps.payFromSafe of the transfers module). */
export async function enqueueOffRampPayment(tx: Database, payload: OffRampPayload): Promise<void> {
  await enqueueJob(tx, {
    kind: PAY_OFF_RAMP_JOB,
    payload,
    key: `${PAY_OFF_RAMP_JOB}:${payload.transferUid}`,
  });
}

/** The organization's Safe deployed on a network, or null. */
function safeOnNetwork(deps: SafeTransactionDeps, organizationUid: string, network: string) {
  const chainId = EVM_CHAIN_IDS[network as keyof typeof EVM_CHAIN_IDS];
  return chainId === undefined ? Promise.resolve(null) : deployedSafeOf(deps.db, organizationUid, chainId);
}

export async function payOffRampFromSafe(deps: SafeTransactionDeps, payload: OffRampPayload): Promise<void> {
  // Load: the off-ramp and the Safe.
  const off = await findSafeOffRamp(deps.db, payload.organizationUid, payload.transferUid);
  if (off?.transfer.status !== 'awaiting_funds') return;
  if (off.expiresAt.getTime() <= Date.now()) return expireOffRampPayment(deps, payload);
  const instructions = off.transfer.instructions;
  if (instructions?.kind !== 'crypto') throw new RescheduleJob(POLL_MS, 'waiting for the deposit address');
  // The Safe on the quote's network (the same address on each network it is deployed on).
  const safe = await safeOnNetwork(deps, payload.organizationUid, off.transfer.network);
  if (!safe || getAddress(safe.address) !== getAddress(off.transfer.fromSafe.address)) {
    throw new Error('The Safe this off-ramp is paid from is not the organization’s Safe on its network');
  }
  // Check: the provider asks for exactly the quoted amount of a token of the Safe's network.
  const network = networkOfChain(safe.chainId);
  const token =
    deps.chains.of(network)?.token(instructions.symbol) ?? tokenOf(network, instructions.symbol, false);
  if (
    network !== instructions.network ||
    !token ||
    !isAddress(instructions.address) ||
    compareDecimals(instructions.amount, off.transfer.sourceAmount) !== 0
  ) {
    throw new Error(`The provider's deposit instructions do not match the off-ramp ${off.transfer.uid}`);
  }
  const chainNonce = await chainOfSafe(deps, safe.chainId).safeNonce(safe.address);

  // Record: the payment, once, in one transaction with its audit record; the expiry look queued.
  const recorded = await deps.db.transaction(async (tx) => {
    if (await findOffRampPayment(tx, off.transfer.uid)) return null;
    const recipient = getAddress(instructions.address);
    const proposal = await recordProposal(deps, tx, {
      organizationUid: payload.organizationUid,
      safe,
      kind: 'transfer',
      safeTx: tokenTransferTx(
        token.address,
        recipient,
        toBaseUnits(off.transfer.sourceAmount, token.decimals),
        await nextNonce(tx, payload.organizationUid, safe.chainId, chainNonce),
      ),
      transfer: {
        symbol: token.symbol,
        amount: off.transfer.sourceAmount,
        token: token.address,
        recipient: { walletUid: null, name: off.transfer.provider.name, address: recipient },
      },
      transferUid: off.transfer.uid,
      proposedBy: off.transfer.createdBy?.uid ?? null,
      actor: { kind: 'system' },
    });
    await enqueueJob(tx, {
      kind: OFF_RAMP_EXPIRY_JOB,
      payload,
      key: `${OFF_RAMP_EXPIRY_JOB}:${payload.transferUid}`,
      delayMs: off.expiresAt.getTime() - Date.now(),
    });
    return proposal;
  });
  await recorded?.afterCommit();
}

/**
 * The quote expired: unless the Safe's payment is executing or done, the off-ramp fails and the
 * payment's nonce gets a rejection (signed and executed like any other), under the payment's lock,
 * which the execution job takes too before it signs.
 */
export async function expireOffRampPayment(
  deps: SafeTransactionDeps,
  payload: OffRampPayload,
): Promise<void> {
  const payment = await findOffRampPayment(deps.db, payload.transferUid);
  const safe = payment ? await deployedSafeOf(deps.db, payload.organizationUid, payment.chainId) : null;
  const changed = await deps.db.transaction(async (tx) => {
    const row = payment ? await lockSafeTransaction(tx, payment.uid) : null;
    if (row && row.status !== 'awaiting_confirmations' && row.status !== 'ready') return null;
    const failed = await failUnpaidSafeOffRamp(tx, payload.transferUid);
    if (!row || !safe) return { failed, rejection: null };
    const open = await openAtNonce(tx, payload.organizationUid, row.chainId, row.nonce);
    if (open.some((other) => other.kind === 'rejection')) return { failed, rejection: null };
    const rejection = await recordProposal(deps, tx, {
      organizationUid: payload.organizationUid,
      safe,
      kind: 'rejection',
      safeTx: rejectionTx(safe.address, BigInt(row.nonce)),
      transfer: null,
      proposedBy: row.proposedBy,
      actor: { kind: 'system' },
    });
    return { failed, rejection };
  });
  if (!changed) return;
  await changed.rejection?.afterCommit();
  if (payment) await publishSafeTransactionUpdated(deps, payload.organizationUid, payment.safeTxHash);
  if (changed.failed) await publishTransferUpdated(deps, payload.organizationUid, payload.transferUid);
}

export function payOffRampJobs(deps: SafeTransactionDeps): JobDefinition<OffRampPayload>[] {
  return [
    {
      kind: PAY_OFF_RAMP_JOB,
      payload: ZOffRampPayload,
      handle: (payload) => payOffRampFromSafe(deps, payload),
      // Waiting for the provider's deposit address is a reschedule; a chain that does not answer is asked again.
      maxAttempts: 50,
    },
    {
      kind: OFF_RAMP_EXPIRY_JOB,
      payload: ZOffRampPayload,
      handle: (payload) => expireOffRampPayment(deps, payload),
      maxAttempts: 50,
    },
  ];
}

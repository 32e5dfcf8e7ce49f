import { type TSafeTx, tokenOf, ZUid } from '@dash/shared/contracts';
import { encodeFunctionData, getAddress, type Hex, type Log, parseEventLogs } from 'viem';
import { z } from 'zod';
import { decodeTokenTransfers, type TokenTransferLog } from '../../chain/index';
import { crashPoint } from '../../crash-point';
import type { Database } from '../../db/client';
import { enqueueJob, type JobDefinition, RescheduleJob } from '../../jobs/runner';
import { recordAudit } from '../audit/index';
import { findRegisteredWallet } from '../counterparties/index';
import {
  findSafeOffRamp,
  insertChainTransfer,
  lockOrganizationMoney,
  postSafeTransfer,
} from '../transfers/index';
import {
  DeploymentRejectedError,
  describeChainError,
  SAFE_ARTIFACTS,
  takeRelayerNonce,
} from '../wallet/index';
import { chainOfSafe, publishSafeTransactionUpdated, type SafeTransactionDeps } from './deps';
import {
  confirmationsOf,
  findSafeTransactionByUid,
  lockSafeTransaction,
  replaceOthersAtNonce,
  type SafeTransactionPatch,
  type SafeTransactionRow,
  updateSafeTransaction,
} from './repo';
import { networkOfChain } from './safe-network';
import { packSignatures, safeTxArgs } from './safe-tx';

// Execute a Safe transaction: a durable job with the deploy job's discipline. Once a transaction is
// ready and its nonce is the Safe's, the relayer's execTransaction (the owners' signatures packed by
// owner) is simulated, signed with the relayer's next nonce under its lock, and recorded before it
// is broadcast, so a process killed after that resumes with the same bytes; a pending transaction is
// never failed on a timer. The receipt's ExecutionSuccess or ExecutionFailure settles it (a transfer
// executed is booked to the ledger: the Safe to the wallet it paid); the other open transactions at
// its nonce are replaced. A transaction whose nonce another one used is replaced.

export const EXECUTE_SAFE_TRANSACTION_JOB = 'safe_transaction.execute';
const ZExecutePayload = z.object({ safeTransactionUid: ZUid });
type ExecutePayload = z.infer<typeof ZExecutePayload>;

/** Why an off-ramp's signed payment is not executed (its nonce waits for a rejection). */
const OFF_RAMP_GONE =
  'The off-ramp no longer waits for this payment (its quote expired or it was called off): reject it.';

/** How long to wait between looks at the chain while executing or waiting for an earlier nonce. */
const POLL_MS = 500;

/** Queues the execution of a transaction that became ready (in the transaction that made it so). */
export function enqueueExecution(tx: Database, safeTransactionUid: string): Promise<number | null> {
  return enqueueJob(tx, {
    kind: EXECUTE_SAFE_TRANSACTION_JOB,
    payload: { safeTransactionUid },
    key: `${EXECUTE_SAFE_TRANSACTION_JOB}:${safeTransactionUid}`,
  });
}

function execTransactionData(row: SafeTransactionRow, signatures: Hex): Hex {
  const tx = row.tx as unknown as TSafeTx;
  return encodeFunctionData({
    abi: SAFE_ARTIFACTS.safeL2.abi,
    functionName: 'execTransaction',
    args: [...safeTxArgs(tx), signatures],
  });
}

/** Moves the transaction (under its lock, only from `from`), audited; the others at its nonce replaced when it used it. */
async function settle(
  deps: SafeTransactionDeps,
  row: SafeTransactionRow,
  from: readonly SafeTransactionRow['status'][],
  patch: SafeTransactionPatch & { status: SafeTransactionRow['status'] },
  /** In the same transaction, once the move is made: what it books. */
  book?: (tx: Database) => Promise<void>,
): Promise<void> {
  const replaced = await deps.db.transaction(async (tx) => {
    const current = await lockSafeTransaction(tx, row.uid);
    if (!from.includes(current.status)) return null;
    await updateSafeTransaction(tx, row.uid, patch);
    await book?.(tx);
    await recordAudit(tx, {
      organizationUid: row.organizationUid,
      actor: { kind: 'system' },
      action: `safe_transaction.${patch.status}`,
      subjectType: 'safe_transaction',
      subjectUid: row.uid,
      from: current.status,
      to: patch.status,
      note: patch.error ?? null,
      data: {
        safeTxHash: row.safeTxHash,
        nonce: row.nonce,
        executionTxHash: patch.executionTxHash ?? current.executionTxHash,
      },
    });
    if (patch.status !== 'executed' && patch.status !== 'failed') return [];
    // Its nonce is used: every other open transaction at it can never execute.
    return replaceOthersAtNonce(tx, row);
  });
  if (replaced === null) return;
  await publishSafeTransactionUpdated(deps, row.organizationUid, row.safeTxHash);
  for (const other of replaced)
    await publishSafeTransactionUpdated(deps, row.organizationUid, other.safeTxHash);
}

/** The token Transfer the executed transaction made from the Safe to its recipient, from the receipt. */
function sentTokens(
  deps: SafeTransactionDeps,
  row: SafeTransactionRow,
  logs: readonly Log[],
): TokenTransferLog | null {
  if (row.kind !== 'transfer' || !row.transfer) return null;
  const network = networkOfChain(row.chainId);
  const token =
    deps.chains.of(network)?.token(row.transfer.symbol) ?? tokenOf(network, row.transfer.symbol, false);
  if (!token) return null;
  const safe = getAddress(row.safeAddress);
  const recipient = getAddress(row.transfer.recipient.address);
  return decodeTokenTransfers(logs, [token]).find((log) => log.from === safe && log.to === recipient) ?? null;
}

/**
 * Books what the Safe sent (in the transaction that records the execution): the log once
 * (chain_transfers kind 'safe_transfer'), posted from the Safe to the registered wallet it paid
 * (if it is still registered), under the organization's money lock.
 */
async function bookSafeTransfer(tx: Database, row: SafeTransactionRow, log: TokenTransferLog): Promise<void> {
  await lockOrganizationMoney(tx, row.organizationUid);
  const walletUid = row.transfer?.recipient.walletUid ?? null;
  const registered = walletUid ? await findRegisteredWallet(tx, row.organizationUid, walletUid) : undefined;
  const booked = await insertChainTransfer(
    tx,
    { chainId: row.chainId, network: networkOfChain(row.chainId), log },
    { kind: 'safe_transfer', organizationUid: row.organizationUid, walletUid: registered?.uid ?? null },
  );
  if (!booked) return;
  await postSafeTransfer(tx, {
    organizationUid: row.organizationUid,
    chainTransferUid: booked,
    walletUid: registered?.uid ?? null,
    currency: log.token.symbol,
    amount: log.amount,
  });
}

/** Follows the recorded execTransaction: mined (settle), pending (look later), lost (send the same bytes again). */
async function follow(deps: SafeTransactionDeps, row: SafeTransactionRow): Promise<void> {
  const chain = chainOfSafe(deps, row.chainId);
  const hash = row.executionTxHash as Hex;
  const receipt = await chain.receipt(hash);
  if (receipt?.status === 'success') {
    const events = parseEventLogs({
      abi: SAFE_ARTIFACTS.safeL2.abi,
      logs: receipt.logs ?? [],
    }) as unknown as {
      eventName: string;
      args: { txHash?: string };
    }[];
    const mine = events.find((event) => event.args.txHash?.toLowerCase() === row.safeTxHash);
    const status = mine?.eventName === 'ExecutionSuccess' ? 'executed' : 'failed';
    // An off-ramp's payment is in that off-ramp's own ledger lines (from the Safe to the provider).
    const sent = status === 'executed' && !row.transferUid ? sentTokens(deps, row, receipt.logs ?? []) : null;
    return settle(
      deps,
      row,
      ['executing'],
      {
        status,
        error:
          status === 'failed' ? 'The Safe ran it, and the call it makes failed (ExecutionFailure).' : null,
      },
      sent ? (tx) => bookSafeTransfer(tx, row, sent) : undefined,
    );
  }
  if (receipt?.status === 'reverted') {
    // Nothing happened on chain (its nonce unused): it is ready again, with why.
    return settle(deps, row, ['executing'], {
      status: 'ready',
      executionTxHash: null,
      executionRawTx: null,
      executionNonce: null,
      error: `The execution ${hash} reverted.`,
    });
  }
  if (!(await chain.knowsTransaction(hash)) && row.executionRawTx) {
    if (row.executionNonce !== null && (await chain.minedNonce()) > row.executionNonce) {
      if ((await chain.receipt(hash)) === null) {
        // The relayer's nonce went to another transaction: sign it again.
        return settle(deps, row, ['executing'], {
          status: 'ready',
          executionTxHash: null,
          executionRawTx: null,
          executionNonce: null,
          error: null,
        });
      }
    } else {
      await chain.broadcast(row.executionRawTx as Hex);
    }
  }
  // A pending transaction is never declared failed on a timer: look again later.
  throw new RescheduleJob(POLL_MS, `waiting for ${hash}`);
}

export async function executeSafeTransaction(
  deps: SafeTransactionDeps,
  payload: ExecutePayload,
): Promise<void> {
  // Load: the transaction, and its chain (the network its Safe is on).
  const row = await findSafeTransactionByUid(deps.db, payload.safeTransactionUid);
  if (!row || (row.status !== 'ready' && row.status !== 'executing')) return;
  const chain = chainOfSafe(deps, row.chainId);
  if (row.executionTxHash) return follow(deps, row);

  // Check the chain: its nonce must be this transaction's.
  const safeNonce = await chain.safeNonce(getAddress(row.safeAddress));
  if (safeNonce > BigInt(row.nonce)) {
    return settle(deps, row, ['ready'], { status: 'replaced', error: 'Another transaction used its nonce.' });
  }
  if (safeNonce < BigInt(row.nonce)) throw new RescheduleJob(POLL_MS, 'waiting for the nonces before it');
  const signatures = packSignatures(await confirmationsOf(deps.db, [row.uid]));
  const data = execTransactionData(row, signatures);
  let gas: bigint;
  try {
    gas = await chain.estimateCall(getAddress(row.safeAddress), data);
  } catch (error) {
    if (!(error instanceof DeploymentRejectedError)) throw error;
    // The Safe would refuse it now (e.g. the tokens are not there): say why, and look again later.
    if (row.error !== error.message) {
      await deps.db.transaction(async (tx) => {
        const current = await lockSafeTransaction(tx, row.uid);
        if (current.status === 'ready')
          await updateSafeTransaction(tx, row.uid, { error: error.message.slice(0, 500) });
      });
      await publishSafeTransactionUpdated(deps, row.organizationUid, row.safeTxHash);
    }
    throw new RescheduleJob(5_000, describeChainError(error));
  }

  // Record the signed execTransaction before it is broadcast.
  const signed = await deps.db.transaction(async (tx) => {
    const current = await lockSafeTransaction(tx, row.uid);
    if (current.status !== 'ready' || current.executionTxHash) return null;
    // An off-ramp's payment only while that off-ramp waits for it at its quote's price.
    if (current.transferUid) {
      const off = await findSafeOffRamp(tx, row.organizationUid, current.transferUid);
      if (off?.transfer.status !== 'awaiting_funds' || off.expiresAt.getTime() <= Date.now()) {
        await updateSafeTransaction(tx, row.uid, { error: OFF_RAMP_GONE });
        return null;
      }
    }
    const nonce = await takeRelayerNonce(tx, row.chainId, chain.relayer, () => chain.pendingNonce());
    const transaction = await chain.signCall(getAddress(row.safeAddress), data, nonce, gas);
    const executing = await updateSafeTransaction(tx, row.uid, {
      status: 'executing',
      executionTxHash: transaction.hash,
      executionRawTx: transaction.raw,
      executionNonce: transaction.nonce,
      error: null,
    });
    await recordAudit(tx, {
      organizationUid: row.organizationUid,
      actor: { kind: 'system' },
      action: 'safe_transaction.executing',
      subjectType: 'safe_transaction',
      subjectUid: row.uid,
      from: current.status,
      to: 'executing',
      data: { safeTxHash: row.safeTxHash, executionTxHash: transaction.hash },
    });
    return executing;
  });
  if (!signed) return;
  crashPoint('safe.execute.after-record');
  await publishSafeTransactionUpdated(deps, row.organizationUid, row.safeTxHash);
  await chain.broadcast(signed.executionRawTx as Hex);
  return follow(deps, signed);
}

export function executeSafeTransactionJob(deps: SafeTransactionDeps): JobDefinition<ExecutePayload> {
  return {
    kind: EXECUTE_SAFE_TRANSACTION_JOB,
    payload: ZExecutePayload,
    handle: (payload) => executeSafeTransaction(deps, payload),
    // A chain that does not answer is asked again for about a day (waiting is a reschedule, not a failure).
    maxAttempts: 300,
  };
}

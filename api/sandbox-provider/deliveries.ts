import { fromBaseUnits, toBaseUnits } from '@dash/shared/contracts';
import { type Address, encodeFunctionData, type Hex, isAddress } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { revertReason, type SandboxChain, TOKEN_ABI } from './chain';
import { type Lifecycle, Stopped } from './loops';
import { HttpError } from './requests';
import type {
  SandboxDeposit,
  SandboxSignedTx,
  SandboxState,
  SandboxTokenDelivery,
  SandboxTokenReturn,
  SandboxTransfer,
  SandboxTransferStatus,
} from './store';
import {
  depositAccountOf,
  helperStep,
  PAYOUT_FAILED_REASON,
  RETURN_REASON,
  refuseHelper,
  SandboxRefusal,
  type SandboxTransferHelper,
} from './transfers';

/**
 * The sandbox's sends, one worker per chain, each a durable job kept in its transfer: an on-ramp's
 * delivery (the quoted amount from the treasury to the wallet) and the return of a deposit to its
 * sender (gas for the deposit address from the treasury, then the tokens from it). Every
 * transaction is signed and recorded before its first broadcast; a retry, a replayed helper or a
 * restart broadcasts the recorded bytes again and waits for them, never signing a second one. One
 * worker per chain runs one job at a time, so the treasury has one nonce sequence per chain; jobs
 * left pending are resumed when the provider starts.
 */
export interface ChainWorkOptions {
  state: SandboxState;
  chains: SandboxChain[];
  treasuryKey: Hex;
  treasury: PrivateKeyAccount;
  pollMs: number;
  lifecycle: Lifecycle;
  /** Writes the state and wakes whoever waits for a job. */
  save(): void;
  move(
    transfer: SandboxTransfer,
    status: SandboxTransferStatus,
    apply?: (t: SandboxTransfer) => void,
  ): string;
  log(line: string): void;
}

/** How long a helper's answer waits for the chain before answering 202 with what happened so far. */
const HELPER_WAIT_MS = 30_000;

type Job = { order: number; run: () => Promise<void> };

/** A decimal amount as the token writes it, without trailing zeros ('100.000000' is '100'). */
const plain = (amount: string, decimals: number) => fromBaseUnits(toBaseUnits(amount, decimals), decimals);

export function createChainWork(options: ChainWorkOptions) {
  const { state, treasury, lifecycle } = options;
  const waiters = new Set<() => void>();
  const save = () => {
    options.save();
    for (const waiter of [...waiters]) waiter();
  };
  const chainOf = (chainId: number) => options.chains.find((chain) => chain.chainId === chainId);
  const kicks = new Map(
    options.chains.map((chain) => [
      chain.chainId,
      lifecycle.loop(
        options.pollMs,
        () => pass(chain),
        (error) => options.log(`${chain.network}: ${String(error)}`),
      ),
    ]),
  );
  const kick = (chainId: number) => kicks.get(chainId)?.();

  /** Resolves true once `done()` holds, false after `ms` or when the provider stops. */
  function until(done: () => boolean, ms: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (value: boolean) => {
        clearTimeout(timer);
        waiters.delete(check);
        resolve(value);
      };
      const check = () => {
        if (done()) finish(true);
        else if (lifecycle.stopped) finish(false);
      };
      const timer = setTimeout(() => finish(false), ms);
      waiters.add(check);
    });
  }

  /** Every nonce the sandbox signed for `from` on the chain (mined or not). */
  function recordedNonces(chainId: number, from: string): number[] {
    const txs: (SandboxSignedTx | null | undefined)[] = [];
    for (const transfer of Object.values(state.transfers)) {
      txs.push(transfer.delivery?.tx);
      for (const entry of transfer.returns ?? []) txs.push(entry.gas, entry.tokens);
    }
    return txs
      .filter((tx): tx is SandboxSignedTx => Boolean(tx && tx.chainId === chainId && tx.from === from))
      .map((tx) => tx.nonce);
  }

  /**
   * The chain's jobs: those with a treasury transaction signed and not yet settled first, in nonce
   * order (a later nonce is never broadcast before an earlier one), then the rest as they came.
   */
  function jobsOn(chain: SandboxChain): Job[] {
    const jobs: Job[] = [];
    const order = (tx: SandboxSignedTx | null | undefined) =>
      tx?.status === 'pending' && tx.from === treasury.address ? tx.nonce : Number.MAX_SAFE_INTEGER;
    for (const transfer of Object.values(state.transfers)) {
      const delivery = transfer.delivery;
      if (delivery && !delivery.finished && delivery.chainId === chain.chainId) {
        jobs.push({ order: order(delivery.tx), run: () => deliver(chain, transfer, delivery) });
      }
      for (const entry of transfer.returns ?? []) {
        if (entry.finished || entry.deposit.chainId !== chain.chainId) continue;
        // Its gas paid, what is left is the deposit address's own transaction: no treasury nonce.
        const gasPaid = entry.tokens && entry.gas?.status !== 'pending';
        jobs.push({
          order: gasPaid ? -1 : order(entry.gas),
          run: () => sendBack(chain, transfer, entry),
        });
      }
    }
    return jobs.sort((a, b) => a.order - b.order);
  }

  async function pass(chain: SandboxChain): Promise<void> {
    for (const job of jobsOn(chain)) {
      // A chain that is down stops the pass: the jobs after this one would need its nonces.
      if (!(await chain.attempt('a send', job.run, { sends: true }))) return;
    }
  }

  /** Signs a token transfer after checking that the token would not refuse it; else answers why it would. */
  async function signTokenTransfer(
    chain: SandboxChain,
    from: PrivateKeyAccount,
    token: string,
    to: string,
    units: bigint,
  ): Promise<SandboxSignedTx | string> {
    const call = {
      address: token as Address,
      abi: TOKEN_ABI,
      functionName: 'transfer',
      args: [to as Address, units],
    } as const;
    try {
      await chain.client.simulateContract({ ...call, account: from.address });
    } catch (error) {
      const reason = revertReason(error);
      if (reason === null) throw error;
      return `the token refuses it: ${reason}`;
    }
    return chain.sign(
      from,
      { to: call.address, data: encodeFunctionData(call) },
      recordedNonces(chain.chainId, from.address),
    );
  }

  function record<T>(apply: () => T): T {
    // Nothing is recorded once the provider stopped: a new one may already own the state file.
    if (lifecycle.stopped) throw new Stopped();
    const value = apply();
    save();
    return value;
  }

  async function deliver(chain: SandboxChain, transfer: SandboxTransfer, delivery: SandboxTokenDelivery) {
    const fail = (reason: string) =>
      record(() => {
        delivery.error = reason;
        delivery.finished = true;
        delivery.eventIds.push(
          options.move(transfer, 'failed', (t) => {
            t.failureReason = `The stablecoin could not be sent: ${reason}.`;
          }),
        );
      });
    if (!delivery.tx) {
      const signed = await signTokenTransfer(
        chain,
        treasury,
        delivery.token,
        delivery.to,
        BigInt(delivery.units),
      );
      if (typeof signed === 'string') return fail(signed);
      record(() => {
        delivery.tx = signed;
      });
    }
    const tx = delivery.tx as SandboxSignedTx;
    if (tx.status === 'pending') {
      await chain.broadcast(tx);
      if (tx.status === 'pending' && transfer.status === 'funds_received') {
        record(() =>
          delivery.eventIds.push(
            options.move(transfer, 'payment_submitted', (t) => {
              t.txHash = tx.hash;
            }),
          ),
        );
      }
      await chain.settle(tx);
      record(() => undefined);
    }
    if (tx.status === 'confirmed') {
      return record(() => {
        delivery.finished = true;
        delivery.eventIds.push(options.move(transfer, 'completed'));
      });
    }
    fail(
      tx.status === 'reverted'
        ? `its transaction ${tx.hash} reverted`
        : `its transaction ${tx.hash} can never be mined (the treasury's nonce ${tx.nonce} went to another one)`,
    );
  }

  async function sendBack(chain: SandboxChain, transfer: SandboxTransfer, entry: SandboxTokenReturn) {
    const { deposit } = entry;
    const depositor = depositAccountOf(options.treasuryKey, transfer.id);
    const asked = chain.token(transfer.sourceCurrency);
    const expected = asked ? plain(transfer.sourceAmount, asked.decimals) : transfer.sourceAmount;
    const received = `Received ${deposit.amount} ${deposit.symbol} instead of ${expected} ${transfer.sourceCurrency}`;
    const fail = (reason: string) =>
      record(() => {
        entry.error = reason;
        entry.finished = true;
        if (entry.cause === 'wrong_amount') {
          entry.eventIds.push(
            options.move(transfer, 'failed', (t) => {
              t.failureReason = `${received}; sending it back to ${deposit.sender} failed: ${reason}`;
            }),
          );
        }
        options.log(`Returning ${deposit.txHash} (transfer ${transfer.id}) failed: ${reason}`);
      });
    if (!entry.tokens) {
      const tokens = await signTokenTransfer(
        chain,
        depositor,
        deposit.token,
        deposit.sender,
        BigInt(deposit.units),
      );
      if (typeof tokens === 'string') return fail(tokens);
      const balance = await chain.client.getBalance({ address: depositor.address });
      const gasNeeded = BigInt(tokens.maxCost) - balance;
      const gas =
        gasNeeded > 0n
          ? await chain.sign(
              treasury,
              { to: depositor.address, value: gasNeeded },
              recordedNonces(chain.chainId, treasury.address),
            )
          : null;
      record(() => {
        entry.tokens = tokens;
        entry.gas = gas;
      });
    }
    const tokens = entry.tokens as SandboxSignedTx;
    if (entry.gas?.status === 'pending') {
      await chain.broadcast(entry.gas);
      await chain.settle(entry.gas, 1);
      record(() => undefined);
    }
    if (entry.gas && entry.gas.status !== 'confirmed') {
      return fail(`the gas for it (${entry.gas.hash}) was ${entry.gas.status}`);
    }
    if (tokens.status === 'pending') {
      await chain.broadcast(tokens);
      await chain.settle(tokens);
      record(() => undefined);
    }
    if (tokens.status !== 'confirmed') return fail(`its transaction ${tokens.hash} was ${tokens.status}`);
    record(() => {
      entry.finished = true;
      if (entry.cause === 'unexpected') return;
      entry.eventIds.push(
        options.move(transfer, 'returned', (t) => {
          t.failureReason =
            entry.cause === 'wrong_amount'
              ? `${received}; returned to ${deposit.sender} in ${tokens.hash}`
              : (entry.reason ?? RETURN_REASON);
        }),
      );
    });
  }

  /** Some chain work of the transfer is still on its way: its status is the chain's to change. */
  const busy = (transfer: SandboxTransfer) =>
    Boolean(transfer.delivery && !transfer.delivery.finished) ||
    (transfer.returns ?? []).some((entry) => !entry.finished && entry.cause !== 'unexpected');

  async function answer(job: { finished: boolean; eventIds: string[] }) {
    const finished = await until(() => job.finished, HELPER_WAIT_MS);
    return { status: finished ? 200 : 202, eventIds: [...job.eventIds] };
  }

  return {
    kick,
    save,

    /** Lets every waiting helper answer (the provider is stopping). */
    release() {
      for (const waiter of [...waiters]) waiter();
    },

    /** Sends a deposit back to its sender (the watcher's wrong or late deposits). The caller saves. */
    returnDeposit(transfer: SandboxTransfer, cause: SandboxTokenReturn['cause'], deposit: SandboxDeposit) {
      transfer.returns ??= [];
      transfer.returns.push({
        cause,
        deposit,
        reason: null,
        gas: null,
        tokens: null,
        error: null,
        finished: false,
        eventIds: [],
      });
      kick(deposit.chainId);
    },

    /**
     * A transfer test helper. funds-received on an on-ramp sends the stablecoin (once: again, it
     * waits for the same delivery); return on an off-ramp whose deposit arrived sends it back (once).
     * Answers the webhook events the work emitted, after waiting for the chain (202: still on its way).
     */
    async helper(
      transfer: SandboxTransfer,
      helper: SandboxTransferHelper,
      reason: string | null,
    ): Promise<{ status: number; eventIds: string[] }> {
      if (helper === 'funds-received') {
        if (transfer.type !== 'on_ramp') refuseHelper(transfer, helper);
        if (!transfer.delivery) {
          if (transfer.status !== 'awaiting_funds') refuseHelper(transfer, helper);
          const chain = options.chains.find((candidate) => candidate.network === transfer.network);
          const token = chain?.token(transfer.targetCurrency);
          const eventIds = [options.move(transfer, 'funds_received')];
          const to = transfer.destination.address;
          transfer.delivery = {
            chainId: chain?.chainId ?? 0,
            token: token?.address ?? '',
            to: typeof to === 'string' ? to : '',
            units: token ? String(toBaseUnits(transfer.targetAmount, token.decimals)) : '0',
            tx: null,
            error: null,
            finished: false,
            eventIds,
          };
          if (!chain || !token || !isAddress(transfer.delivery.to)) {
            const why =
              chain && token
                ? `the destination ${JSON.stringify(to)} is not an address`
                : `the sandbox has no ${transfer.targetCurrency} on ${transfer.network}`;
            transfer.delivery.error = why;
            transfer.delivery.finished = true;
            eventIds.push(
              options.move(transfer, 'failed', (t) => {
                t.failureReason = `The stablecoin could not be sent: ${why}.`;
              }),
            );
          }
          save();
          kick(transfer.delivery.chainId);
        }
        return answer(transfer.delivery);
      }
      const deposit = transfer.deposit;
      // An off-ramp whose deposit arrived gives it back on chain when it is returned, and when its
      // payout fails (the provider keeps nobody's tokens): either way it ends returned.
      if ((helper === 'return' || helper === 'payout-failed') && transfer.type === 'off_ramp' && deposit) {
        let entry = (transfer.returns ?? []).find((candidate) => candidate.cause === 'returned');
        if (!entry) {
          helperStep(transfer, helper, reason);
          if (helper === 'payout-failed') {
            const why = (reason ?? PAYOUT_FAILED_REASON).replace(/\.?$/, '.');
            reason = `${why} The deposit was sent back to ${deposit.sender}.`;
          }
          if (busy(transfer)) throw busyRefusal(transfer, helper);
          if (!chainOf(deposit.chainId)) {
            throw new SandboxRefusal(409, 'chain_unavailable', 'The sandbox has no chain to return it on.');
          }
          entry = {
            cause: 'returned',
            deposit,
            reason,
            gas: null,
            tokens: null,
            error: null,
            finished: false,
            eventIds: [],
          };
          transfer.returns ??= [];
          transfer.returns.push(entry);
          save();
          kick(deposit.chainId);
        }
        const result = await answer(entry);
        if (entry.error) {
          throw new HttpError(502, 'chain_send_failed', `Sending the deposit back failed: ${entry.error}`);
        }
        return result;
      }
      const step = helperStep(transfer, helper, reason);
      if (busy(transfer)) throw busyRefusal(transfer, helper);
      const eventId = options.move(transfer, step.status, step.apply);
      save();
      return { status: 200, eventIds: [eventId] };
    },
  };
}

const busyRefusal = (transfer: SandboxTransfer, helper: string) =>
  new SandboxRefusal(
    409,
    'chain_work_in_progress',
    `Cannot ${helper} transfer ${transfer.id} while its tokens are moving on chain.`,
  );

export type ChainWork = ReturnType<typeof createChainWork>;

import { fromBaseUnits, toBaseUnits } from '@dash/shared/contracts';
import { type Address, parseAbiItem } from 'viem';
import type { SandboxChain } from './chain';
import type { ChainWork } from './deliveries';
import type { Lifecycle } from './loops';
import type { SandboxDeposit, SandboxState, SandboxTransfer, SandboxTransferStatus } from './store';
import { payoutReferenceFor } from './transfers';

/**
 * The deposit watcher of one chain: a cursor over its blocks (the last processed one, kept in the
 * state), reading the test tokens' Transfer logs to the deposit addresses of the off-ramps awaiting
 * funds. A block counts once it has `confirmations` (itself included), so a deposit a reorganisation
 * removes before then is never credited. Each log is counted once by (chain id, transaction hash,
 * log index), in the same write as the cursor's move. The exact amount of the quoted token moves the
 * transfer to funds_received and on to payment_submitted (the payout to the bank); anything else
 * goes back to its sender on chain (deliveries.ts), and the transfer ends returned.
 */
export interface WatcherOptions {
  state: SandboxState;
  chain: SandboxChain;
  work: ChainWork;
  confirmations: number;
  pollMs: number;
  lifecycle: Lifecycle;
  move(
    transfer: SandboxTransfer,
    status: SandboxTransferStatus,
    apply?: (t: SandboxTransfer) => void,
  ): string;
  log(line: string): void;
}

const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
/** Blocks per getLogs call (public RPCs cap the range). */
const MAX_RANGE = 1_000n;

export function watchDeposits(options: WatcherOptions): void {
  const { state, chain, work } = options;
  const key = String(chain.chainId);

  /**
   * Every off-ramp's deposit address on this chain, whatever its status: a deposit to one that no
   * longer waits (canceled, already paid) is sent back to its sender too, never kept.
   */
  const watched = () =>
    Object.values(state.transfers).filter(
      (transfer): transfer is SandboxTransfer & { depositAddress: string } =>
        transfer.type === 'off_ramp' &&
        transfer.network === chain.network &&
        typeof transfer.depositAddress === 'string',
    );
  const awaiting = () =>
    watched().filter((transfer) => transfer.status === 'awaiting_funds' && !transfer.deposit);

  function credit(transfer: SandboxTransfer, deposit: SandboxDeposit): void {
    const token = chain.token(transfer.sourceCurrency);
    const exact =
      token?.address === deposit.token &&
      BigInt(deposit.units) === toBaseUnits(transfer.sourceAmount, token.decimals);
    if (transfer.status !== 'awaiting_funds' || transfer.deposit) {
      work.returnDeposit(transfer, 'unexpected', deposit);
      return;
    }
    transfer.deposit = deposit;
    transfer.txHash = deposit.txHash;
    if (!exact) {
      work.returnDeposit(transfer, 'wrong_amount', deposit);
      return;
    }
    options.move(transfer, 'funds_received');
    options.move(transfer, 'payment_submitted', (t) => {
      t.payoutReference = payoutReferenceFor(t.targetCurrency);
    });
  }

  async function pass(): Promise<void> {
    const head = await chain.client.getBlockNumber();
    const safe = head - BigInt(options.confirmations - 1);
    const cursor = state.chainCursors[key];
    if (!cursor || BigInt(cursor.lastBlock) > head) {
      if (cursor)
        options.log(`${chain.network}: the chain is behind the watcher's cursor (reset?); from ${safe}`);
      // A first start reads from genesis when a deposit may already be waiting, else from now on.
      state.chainCursors[key] = { lastBlock: String(awaiting().length > 0 && !cursor ? -1n : safe) };
      work.save();
    }
    let last = BigInt(state.chainCursors[key]?.lastBlock ?? safe);
    while (last < safe) {
      const to = last + MAX_RANGE < safe ? last + MAX_RANGE : safe;
      const byAddress = new Map(
        watched().map((transfer) => [transfer.depositAddress.toLowerCase(), transfer]),
      );
      const logs =
        byAddress.size === 0 || chain.tokenAddresses.length === 0
          ? []
          : await chain.client.getLogs({
              address: chain.tokenAddresses,
              event: TRANSFER_EVENT,
              args: { to: [...byAddress.keys()] as Address[] },
              fromBlock: last + 1n,
              toBlock: to,
            });
      if (options.lifecycle.stopped) return;
      logs.sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex);
      for (const log of logs) {
        const id = `${chain.chainId}:${log.transactionHash}:${log.logIndex}`;
        const transfer = byAddress.get(String(log.args.to).toLowerCase());
        const token = chain.tokenAt(log.address);
        if (state.creditedLogs[id] || !transfer || !token || log.args.value === undefined) continue;
        state.creditedLogs[id] = transfer.id;
        credit(transfer, {
          chainId: chain.chainId,
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: String(log.blockNumber),
          token: token.address,
          symbol: token.symbol,
          sender: String(log.args.from),
          amount: fromBaseUnits(log.args.value, token.decimals),
          units: String(log.args.value),
        });
      }
      state.chainCursors[key] = { lastBlock: String(to) };
      work.save();
      last = to;
    }
  }

  options.lifecycle.loop(
    options.pollMs,
    async () => {
      await chain.attempt('watching deposits', pass);
    },
    (error) => options.log(`${chain.network}: ${String(error)}`),
  );
}

import {
  type BalanceRead,
  readBalances,
  readTransfersTo,
  type TokenTransferLog,
  type WatchedNetwork,
} from '../../chain/index';
import { bookIncomingDeposits } from './book-incoming-deposits';
import { type HoldingsDeps, publishHoldingsUpdated } from './deps';
import {
  allRead,
  type BalanceRow,
  balanceKey,
  findCursor,
  lockCursor,
  organizationsOn,
  storedUnits,
  updateCursor,
  watchedAddresses,
  writeBalances,
} from './repo';

// Check a network: the watcher's one look at one chain, every pollMs. Ask its head; when the newest
// block with the confirmations configured is not the one stored (or a wallet was added since), read
// every deployed Safe's and registered wallet's tokens there in one multicall, and the Transfer logs
// to them in the blocks since the stored one (at most MAX_LOG_BLOCKS a look: a chain long unwatched
// is caught up over several looks); then in one transaction, under the network's cursor lock, store
// the balances that changed, book the incoming deposits no transfer explains, and move the cursor to
// that block; after the commit tell each organization whose holdings changed. A chain that does not
// answer marks the network unreachable (since now) and is read again at the next look. The first
// look of a network reads no history: what arrives from then on is booked.

export type NetworkCheck =
  | { kind: 'unchanged'; blockNumber: number | null }
  | {
      kind: 'read';
      blockNumber: number;
      wallets: number;
      changed: string[];
      /** The organizations that booked an incoming deposit in this look. */
      booked: string[];
      organizations: string[];
    }
  | { kind: 'unreachable'; organizations: string[] };

/** The newest block with `confirmations` blocks on it, its own included (the head when 1). */
/** The most blocks one look reads logs over. */
export const MAX_LOG_BLOCKS = 5_000n;

export function confirmedBlock(head: bigint, confirmations: number): bigint {
  const block = head - BigInt(Math.max(1, confirmations)) + 1n;
  return block < 0n ? 0n : block;
}

export async function checkNetwork(deps: HoldingsDeps, network: WatchedNetwork): Promise<NetworkCheck> {
  const { db } = deps;
  const startedAt = deps.now();

  // Ask: the chain's head and what the network's cursor holds.
  let head: bigint;
  try {
    head = await network.client.getBlockNumber({ cacheTime: 0 });
  } catch (error) {
    return markUnreachable(deps, network, error);
  }
  let target = confirmedBlock(head, deps.chains.confirmations);
  const [cursor, addresses] = await Promise.all([
    findCursor(db, network.network),
    watchedAddresses(db, network),
  ]);
  const current =
    cursor?.status === 'watched' &&
    cursor.blockNumber === Number(target) &&
    (network.tokens.length === 0 || (await allRead(db, network.network, addresses)));
  if (current) return { kind: 'unchanged', blockNumber: cursor.blockNumber };

  // Read: the Transfers to the wallets since the stored block, and every wallet's tokens at the
  // block, in one multicall.
  const from = cursor?.blockNumber === null || cursor === undefined ? null : BigInt(cursor.blockNumber) + 1n;
  if (from !== null && target - from + 1n > MAX_LOG_BLOCKS) target = from + MAX_LOG_BLOCKS - 1n;
  let read: BalanceRead;
  let arrived: TokenTransferLog[];
  try {
    [arrived, read] = await Promise.all([
      from === null ? [] : readTransfersTo(network, addresses, from, target),
      readBalances(network, addresses, target),
    ]);
  } catch (error) {
    return markUnreachable(deps, network, error);
  }

  // Record: what changed, and the cursor, in one transaction.
  const checkedAt = deps.now();
  const recorded = await db.transaction(async (tx) => {
    const { cursor: locked, previous } = await lockCursor(tx, network, checkedAt);
    // Another process looked after this one started, or moved the cursor: its answer stands.
    if (previous !== null && locked.checkedAt && locked.checkedAt >= startedAt) return null;
    if (previous !== null && locked.blockNumber !== (cursor?.blockNumber ?? null)) return null;
    const stored = await storedUnits(tx, network.network);
    const rows: BalanceRow[] = read.balances
      .filter(({ address, token, units }) => stored.get(balanceKey(address, token.address)) !== String(units))
      .map(({ address, token, units }) => ({
        network: network.network,
        address: address.toLowerCase(),
        token: token.address,
        symbol: token.symbol,
        decimals: token.decimals,
        units: String(units),
        blockNumber: Number(read.blockNumber),
        checkedAt,
      }));
    await writeBalances(tx, rows);
    const booked = await bookIncomingDeposits(tx, network, arrived);
    await updateCursor(tx, network.network, {
      chainId: network.chainId,
      blockNumber: Number(read.blockNumber),
      checkedAt,
      status: 'watched',
      ...(previous === 'watched' ? {} : { statusSince: checkedAt }),
    });
    return {
      changed: [...new Set(rows.map((row) => row.address))],
      booked,
      statusChanged: previous !== 'watched',
    };
  });
  if (!recorded) return { kind: 'unchanged', blockNumber: cursor?.blockNumber ?? null };

  // Tell: the organizations whose wallets changed; all on the network when it came back (or is new).
  if (recorded.statusChanged && cursor?.status === 'unreachable') {
    deps.log.info({ network: network.network, block: Number(read.blockNumber) }, 'The network answers again');
  }
  const organizations = [
    ...new Set([
      ...(await organizationsOn(db, network, recorded.statusChanged ? undefined : recorded.changed)),
      ...recorded.booked,
    ]),
  ];
  await publishHoldingsUpdated(deps, organizations, network.network);
  return {
    kind: 'read',
    blockNumber: Number(read.blockNumber),
    wallets: addresses.length,
    changed: recorded.changed,
    booked: recorded.booked,
    organizations,
  };
}

/** The chain did not answer: the network is unreachable since now (told once, when it becomes so). */
async function markUnreachable(
  deps: HoldingsDeps,
  network: WatchedNetwork,
  error: unknown,
): Promise<NetworkCheck> {
  const now = deps.now();
  const becameUnreachable = await deps.db.transaction(async (tx) => {
    const { previous } = await lockCursor(tx, network, now);
    if (previous === 'unreachable') return false;
    if (previous !== null)
      await updateCursor(tx, network.network, { status: 'unreachable', statusSince: now });
    return true;
  });
  if (!becameUnreachable) return { kind: 'unreachable', organizations: [] };
  deps.log.warn({ err: error, network: network.network }, 'The network is unreachable');
  const organizations = await organizationsOn(deps.db, network);
  await publishHoldingsUpdated(deps, organizations, network.network);
  return { kind: 'unreachable', organizations };
}

import { type BalanceRead, readBalances, type WatchedNetwork } from '../../chain/index';
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
// every deployed Safe's and registered wallet's tokens there in one multicall, then in one
// transaction, under the network's cursor lock, store the balances that changed and move the cursor
// to that block; after the commit tell each organization whose holdings changed. A chain that does
// not answer marks the network unreachable (since now) and is read again at the next look.

export type NetworkCheck =
  | { kind: 'unchanged'; blockNumber: number | null }
  | { kind: 'read'; blockNumber: number; wallets: number; changed: string[]; organizations: string[] }
  | { kind: 'unreachable'; organizations: string[] };

/** The newest block with `confirmations` blocks on it, its own included (the head when 1). */
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
  const target = confirmedBlock(head, deps.chains.confirmations);
  const [cursor, addresses] = await Promise.all([
    findCursor(db, network.network),
    watchedAddresses(db, network),
  ]);
  const current =
    cursor?.status === 'watched' &&
    cursor.blockNumber === Number(target) &&
    (network.tokens.length === 0 || (await allRead(db, network.network, addresses)));
  if (current) return { kind: 'unchanged', blockNumber: cursor.blockNumber };

  // Read: every wallet's tokens at that block, in one multicall.
  let read: BalanceRead;
  try {
    read = await readBalances(network, addresses, target);
  } catch (error) {
    return markUnreachable(deps, network, error);
  }

  // Record: what changed, and the cursor, in one transaction.
  const checkedAt = deps.now();
  const recorded = await db.transaction(async (tx) => {
    const { cursor: locked, previous } = await lockCursor(tx, network, checkedAt);
    // Another process looked after this one started: its answer stands.
    if (previous !== null && locked.checkedAt && locked.checkedAt >= startedAt) return null;
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
    await updateCursor(tx, network.network, {
      chainId: network.chainId,
      blockNumber: Number(read.blockNumber),
      checkedAt,
      status: 'watched',
      ...(previous === 'watched' ? {} : { statusSince: checkedAt }),
    });
    return { changed: [...new Set(rows.map((row) => row.address))], statusChanged: previous !== 'watched' };
  });
  if (!recorded) return { kind: 'unchanged', blockNumber: cursor?.blockNumber ?? null };

  // Tell: the organizations whose wallets changed; all on the network when it came back (or is new).
  if (recorded.statusChanged && cursor?.status === 'unreachable') {
    deps.log.info({ network: network.network, block: Number(read.blockNumber) }, 'The network answers again');
  }
  const organizations = await organizationsOn(
    db,
    network,
    recorded.statusChanged ? undefined : recorded.changed,
  );
  await publishHoldingsUpdated(deps, organizations, network.network);
  return {
    kind: 'read',
    blockNumber: Number(read.blockNumber),
    wallets: addresses.length,
    changed: recorded.changed,
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

import {
  EVM_CHAIN_IDS,
  findNetwork,
  fromBaseUnits,
  HOLDINGS_INCOMING_LIMIT,
  networkOfChainId,
  type THoldings,
  type THoldingsDifference,
  type THoldingsNetwork,
  type THoldingsWallet,
  type TNetworkId,
  type TOverviewWalletBalance,
  type TTokenRecord,
  tokensOn,
} from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import { getAddress } from 'viem';
import { ledgerBalancesOf } from '../overview/index';
import type { HoldingsDeps } from './deps';
import { latestIncoming } from './incoming-repo';
import { balanceKey, balancesOf, type CursorRow, cursors, safeLedgerByNetwork, walletsOf } from './repo';

// Get the holdings: in one snapshot, the organization's deployed Safe and registered wallets on EVM
// networks with every token of their network as the watcher last stored it; each network's status
// (watched, unreachable, or unwatched when no RPC is configured) and block; and the reconciliation
// of the Safe's (per network) and each registered wallet's tokens against the ledger's posted amounts
// (overview's per-wallet sums; the Safe's lines by the network their posting names), listing only where the two differ; and the latest incoming deposits.

/** Exact: a uint256 in whole tokens has at most 78 digits. */
const Exact = Decimal.clone({ precision: 100 });

interface NetworkView {
  view: THoldingsNetwork;
  tokens: TTokenRecord[];
}

function networkView(
  deps: HoldingsDeps,
  name: TNetworkId,
  cursor: CursorRow | undefined,
): NetworkView | null {
  const watched = deps.chains.of(name);
  if (watched) {
    return {
      view: {
        network: name,
        chainId: watched.chainId,
        local: watched.local,
        status: cursor?.status ?? 'watched',
        block: cursor?.blockNumber ?? null,
        checkedAt: cursor?.checkedAt?.toISOString() ?? null,
        statusSince: cursor?.statusSince.toISOString() ?? null,
      },
      tokens: watched.tokens,
    };
  }
  const chainId = EVM_CHAIN_IDS[name];
  if (chainId === undefined || findNetwork(name)?.type !== 'evm') return null;
  return {
    view: {
      network: name,
      chainId,
      local: false,
      status: 'unwatched',
      block: null,
      checkedAt: null,
      statusSince: null,
    },
    tokens: tokensOn(name, false),
  };
}

/** The network a Safe on this chain id is on: a watched one first (a dev chain takes its testnet's id). */
function networkOfChain(deps: HoldingsDeps, chainId: number): TNetworkId | undefined {
  const watched = deps.chains.list().find((network) => network.chainId === chainId);
  if (watched) return watched.network;
  return networkOfChainId(chainId);
}

/**
 * Where the ledger's posted amount of the Safe or a registered wallet and token differs from the
 * chain's: a registered wallet by its uid (it is on one network), the Safe by network (the same
 * address on each network it is deployed on, each with its own tokens).
 */
export function reconcile(
  wallets: readonly THoldingsWallet[],
  ledger: {
    byWallet: readonly TOverviewWalletBalance[];
    safeByNetwork: readonly { network: string; currency: string; posted: string }[];
  },
  blockOf: (network: TNetworkId) => number | null,
): THoldingsDifference[] {
  const keyOf = (
    wallet: { kind: 'safe' | 'registered'; uid: string | null; network: string },
    symbol: string,
  ): string => (wallet.kind === 'safe' ? `safe:${wallet.network}:${symbol}` : `${wallet.uid}:${symbol}`);
  const posted = new Map<string, string>([
    ...ledger.byWallet.flatMap((row) =>
      !row.safe && row.wallet ? [[`${row.wallet.uid}:${row.currency}`, row.posted] as const] : [],
    ),
    ...ledger.safeByNetwork.map((row) => [`safe:${row.network}:${row.currency}`, row.posted] as const),
  ]);
  return wallets.flatMap((wallet) => {
    const block = blockOf(wallet.network);
    if ((wallet.kind === 'registered' && !wallet.uid) || block === null) return [];
    return wallet.balances.flatMap(({ symbol, amount }) => {
      if (amount === null) return [];
      const onLedger = posted.get(keyOf(wallet, symbol)) ?? '0';
      const difference = new Exact(amount).minus(onLedger);
      if (difference.isZero()) return [];
      return [
        {
          kind: wallet.kind,
          walletUid: wallet.uid,
          name: wallet.name,
          network: wallet.network,
          address: wallet.address,
          symbol,
          ledger: new Exact(onLedger).toFixed(),
          chain: amount,
          difference: difference.toFixed(),
          block,
        },
      ];
    });
  });
}

export async function getHoldings(deps: HoldingsDeps, organizationUid: string): Promise<THoldings> {
  return deps.db.transaction(
    async (tx) => {
      const [{ safes, registered }, cursorRows, ledger, safeByNetwork, incoming] = await Promise.all([
        walletsOf(tx, organizationUid),
        cursors(tx),
        ledgerBalancesOf(tx, organizationUid),
        safeLedgerByNetwork(tx, organizationUid),
        latestIncoming(tx, organizationUid, HOLDINGS_INCOMING_LIMIT),
      ]);
      const cursorOf = new Map(cursorRows.map((row) => [row.network, row]));
      const views = new Map<TNetworkId, NetworkView | null>();
      const viewOf = (name: TNetworkId) => {
        if (!views.has(name)) views.set(name, networkView(deps, name, cursorOf.get(name)));
        return views.get(name) ?? null;
      };
      for (const watched of deps.chains.list()) viewOf(watched.network);

      const holders = [
        ...safes.flatMap((safe) => {
          const network = networkOfChain(deps, safe.chainId);
          return network
            ? [{ kind: 'safe' as const, uid: null, name: null, network, address: safe.address }]
            : [];
        }),
        ...registered.map((wallet) => ({ kind: 'registered' as const, ...wallet })),
      ].filter((holder) => viewOf(holder.network) !== null);
      const stored = new Map(
        (await balancesOf(tx, holders)).map((row) => [
          `${row.network}:${balanceKey(row.address, row.token)}`,
          row,
        ]),
      );

      const wallets: THoldingsWallet[] = holders.map((holder) => {
        const view = viewOf(holder.network) as NetworkView;
        const known = view.view.status !== 'unwatched' && view.view.block !== null;
        return {
          ...holder,
          balances: view.tokens.map((token) => {
            const row = stored.get(`${holder.network}:${balanceKey(holder.address, token.address)}`);
            return {
              symbol: token.symbol,
              amount: known && row ? fromBaseUnits(BigInt(row.units), row.decimals) : null,
            };
          }),
        };
      });
      const networks = [...views.values()].flatMap((view) => (view ? [view.view] : []));
      return {
        networks,
        wallets,
        reconciliation: reconcile(
          wallets,
          { byWallet: ledger.byWallet, safeByNetwork },
          (name) => viewOf(name)?.view.block ?? null,
        ),
        incoming: incoming.map((row) => ({
          uid: row.uid,
          kind: row.holder ?? 'registered',
          walletUid: row.walletUid,
          name: row.walletName,
          network: row.network as TNetworkId,
          from: getAddress(row.fromAddress),
          to: getAddress(row.toAddress),
          symbol: row.symbol,
          amount: fromBaseUnits(BigInt(row.units), row.decimals),
          txHash: row.txHash,
          block: row.blockNumber,
          bookedAt: row.createdAt.toISOString(),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

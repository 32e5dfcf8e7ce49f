import { MULTICALL3_ADDRESS, type TTokenRecord, tokenOf, tokensOn } from '@dash/shared/contracts';
import { type Chain, createPublicClient, http, type PublicClient } from 'viem';
import type { ChainNetworkConfig, ChainsConfig } from '../config';

/**
 * The one chain client: a viem public client per watched network (config.chains), with the
 * network's tokens (the dev chains' own deployments on a local chain, the real ones elsewhere).
 * A network without an RPC here is recorded but not watched: `of` answers undefined for it.
 */
export interface WatchedNetwork extends ChainNetworkConfig {
  client: PublicClient;
  tokens: TTokenRecord[];
  token(symbol: string): TTokenRecord | undefined;
}

export interface Chains {
  confirmations: number;
  pollMs: number;
  list(): WatchedNetwork[];
  of(network: string): WatchedNetwork | undefined;
}

/** The chain could not be asked (down, refused, timed out): a state to show and retry, never a 500. */
export class ChainUnreachableError extends Error {
  constructor(
    readonly network: string,
    options?: { cause?: unknown },
  ) {
    super(`${network} is unreachable`, options);
    this.name = 'ChainUnreachableError';
  }
}

/**
 * The viem chain record of an EVM network at an RPC URL (ETH as the native currency, Multicall3 at
 * its canonical address): the one definition the API, the wallet, the dev chains, the sandbox
 * provider and the tests build their clients on.
 */
export function evmChain(chain: { id: number; name: string; rpcUrl: string }): Chain {
  return {
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  };
}

export function createChains(config: ChainsConfig): Chains {
  const watched = config.networks.map((network): WatchedNetwork => {
    const client = createPublicClient({
      chain: evmChain({ id: network.chainId, name: network.network, rpcUrl: network.rpcUrl }),
      transport: http(network.rpcUrl, { retryCount: 1, timeout: 5_000 }),
    }) as PublicClient;
    return {
      ...network,
      client,
      tokens: tokensOn(network.network, network.local),
      token: (symbol) => tokenOf(network.network, symbol, network.local),
    };
  });
  const byNetwork = new Map<string, WatchedNetwork>(watched.map((network) => [network.network, network]));
  return {
    confirmations: config.confirmations,
    pollMs: config.pollMs,
    list: () => watched,
    of: (network) => byNetwork.get(network),
  };
}

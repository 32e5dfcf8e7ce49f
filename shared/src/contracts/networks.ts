import { deferred } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { NETWORK_IDS, type TNetworkId } from './network-ids';

/**
 * The spec's network records (section 3), written once: every explorer link in the product comes
 * from here (explorerAddressUrl / explorerTransactionUrl). Explorer origins follow each chain's
 * default block explorer as viem's chain list names it. Their ids are in network-ids.ts.
 */
export const NETWORK_TYPES = ['evm', 'solana'] as const;
export type TNetworkType = (typeof NETWORK_TYPES)[number];

export const ZNetwork = deferred(() =>
  z.object({
    id: z.enum(NETWORK_IDS),
    name: z.string(),
    type: z.enum(NETWORK_TYPES),
    explorerAddressPrefix: z.string(),
    explorerTxPrefix: z.string(),
    testnet: z.boolean(),
  }),
);
export type TNetwork = z.infer<typeof ZNetwork>;

const evm = (id: TNetworkId, name: string, explorer: string, testnet: boolean): TNetwork => ({
  id,
  name,
  type: 'evm',
  explorerAddressPrefix: `${explorer}/address/`,
  explorerTxPrefix: `${explorer}/tx/`,
  testnet,
});

export const NETWORKS: readonly TNetwork[] = [
  evm('ethereum', 'Ethereum', 'https://etherscan.io', false),
  evm('ethereum-sepolia', 'Ethereum Sepolia', 'https://sepolia.etherscan.io', true),
  evm('arbitrum-one', 'Arbitrum One', 'https://arbiscan.io', false),
  evm('arbitrum-sepolia', 'Arbitrum Sepolia', 'https://sepolia.arbiscan.io', true),
  {
    id: 'solana',
    name: 'Solana',
    type: 'solana',
    explorerAddressPrefix: 'https://explorer.solana.com/address/',
    explorerTxPrefix: 'https://explorer.solana.com/tx/',
    testnet: false,
  },
  evm('polygon', 'Polygon', 'https://polygonscan.com', false),
  evm('polygon-amoy', 'Polygon Amoy', 'https://amoy.polygonscan.com', true),
  evm('gnosis', 'Gnosis', 'https://gnosisscan.io', false),
  evm('gnosis-chiado', 'Gnosis Chiado', 'https://gnosis-chiado.blockscout.com', true),
  evm('celo', 'Celo', 'https://celoscan.io', false),
  evm('binance-smart-chain', 'BNB Smart Chain', 'https://bscscan.com', false),
  evm('binance-smart-chain-testnet', 'BNB Smart Chain Testnet', 'https://testnet.bscscan.com', true),
  evm('linea', 'Linea', 'https://lineascan.build', false),
  evm('linea-sepolia', 'Linea Sepolia', 'https://sepolia.lineascan.build', true),
  evm('moonbeam', 'Moonbeam', 'https://moonscan.io', false),
  evm('avalanche', 'Avalanche C-Chain', 'https://snowtrace.io', false),
  evm('base', 'Base', 'https://basescan.org', false),
  evm('base-sepolia', 'Base Sepolia', 'https://sepolia.basescan.org', true),
  evm('optimism', 'OP Mainnet', 'https://optimistic.etherscan.io', false),
  evm('optimism-sepolia', 'OP Sepolia', 'https://optimism-sepolia.blockscout.com', true),
  evm('mantle', 'Mantle', 'https://mantlescan.xyz', false),
  evm('mantle-sepolia', 'Mantle Sepolia', 'https://explorer.sepolia.mantle.xyz', true),
  evm('chiliz', 'Chiliz Chain', 'https://scan.chiliz.com', false),
  evm('chiliz-spicy', 'Chiliz Spicy', 'https://testnet.chiliscan.com', true),
];

/** EIP-155 chain ids of the EVM networks (a dev chain takes its testnet's; see tokens.ts). */
export const EVM_CHAIN_IDS: Readonly<Partial<Record<TNetworkId, number>>> = {
  ethereum: 1,
  'ethereum-sepolia': 11155111,
  'arbitrum-one': 42161,
  'arbitrum-sepolia': 421614,
  polygon: 137,
  'polygon-amoy': 80002,
  gnosis: 100,
  'gnosis-chiado': 10200,
  celo: 42220,
  'binance-smart-chain': 56,
  'binance-smart-chain-testnet': 97,
  linea: 59144,
  'linea-sepolia': 59141,
  moonbeam: 1284,
  avalanche: 43114,
  base: 8453,
  'base-sepolia': 84532,
  optimism: 10,
  'optimism-sepolia': 11155420,
  mantle: 5000,
  'mantle-sepolia': 5003,
  chiliz: 88888,
  'chiliz-spicy': 88882,
};

const NETWORKS_BY_ID = new Map<string, TNetwork>(NETWORKS.map((network) => [network.id, network]));

/**
 * The networks a registered blockchain wallet may be on: the design card's nine (binding), in the
 * spec's order.
 */
export const REGISTERED_WALLET_NETWORK_IDS = [
  'ethereum',
  'ethereum-sepolia',
  'arbitrum-one',
  'arbitrum-sepolia',
  'solana',
  'polygon',
  'polygon-amoy',
  'gnosis',
  'gnosis-chiado',
] as const satisfies readonly TNetworkId[];
export type TRegisteredWalletNetworkId = (typeof REGISTERED_WALLET_NETWORK_IDS)[number];

/** The network of an EIP-155 chain id (a local dev chain's is its testnet's), if the product knows one. */
export function networkOfChainId(chainId: number): TNetworkId | undefined {
  return (Object.entries(EVM_CHAIN_IDS) as [TNetworkId, number][]).find(([, id]) => id === chainId)?.[0];
}

export function findNetwork(id: string): TNetwork | undefined {
  return NETWORKS_BY_ID.get(id);
}

/** The network record for an id the contracts already checked (throws for an unknown one: our bug). */
export function networkOf(id: TNetworkId): TNetwork {
  const network = NETWORKS_BY_ID.get(id);
  if (!network) throw new Error(`Unknown network ${id}`);
  return network;
}

/** The explorer page of an address on a network. */
export function explorerAddressUrl(network: TNetworkId | TNetwork, address: string): string {
  const record = typeof network === 'string' ? networkOf(network) : network;
  return `${record.explorerAddressPrefix}${encodeURIComponent(address)}`;
}

/** The explorer page of a transaction on a network. */
export function explorerTransactionUrl(network: TNetworkId | TNetwork, hash: string): string {
  const record = typeof network === 'string' ? networkOf(network) : network;
  return `${record.explorerTxPrefix}${encodeURIComponent(hash)}`;
}

export const ZNetworksResponse = deferred(() => z.object({ data: z.array(ZNetwork) }));
export type TNetworksResponse = z.infer<typeof ZNetworksResponse>;

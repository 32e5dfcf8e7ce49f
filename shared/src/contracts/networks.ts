import { z } from 'zod';

/** The spec's supported networks (section 3), in its order: the ids every contract uses. */
export const NETWORK_IDS = [
  'ethereum',
  'ethereum-sepolia',
  'arbitrum-one',
  'arbitrum-sepolia',
  'solana',
  'polygon',
  'polygon-amoy',
  'gnosis',
  'gnosis-chiado',
  'celo',
  'binance-smart-chain',
  'binance-smart-chain-testnet',
  'linea',
  'linea-sepolia',
  'moonbeam',
  'avalanche',
  'base',
  'base-sepolia',
  'optimism',
  'optimism-sepolia',
  'mantle',
  'mantle-sepolia',
  'chiliz',
  'chiliz-spicy',
] as const;
export const ZNetworkId = z.enum(NETWORK_IDS, { message: 'Choose a supported network' });
export type TNetworkId = z.infer<typeof ZNetworkId>;

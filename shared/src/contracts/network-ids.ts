import { coded, deferred } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

/**
 * The ids of the networks the spec names (section 3), apart from their records (networks.ts: names
 * and explorer links), so a contract that only takes a network id (a transfer's, a holding's, a Safe
 * transaction's) does not bundle the records with it.
 */
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
export const ZNetworkId = deferred(() => z.enum(NETWORK_IDS, coded('messages.chooseSupportedNetwork')));
export type TNetworkId = z.infer<typeof ZNetworkId>;

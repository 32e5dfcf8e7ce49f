// The chain module's public surface: the one chain client, balances, log decoding, the dev chains' records.
export { type BalanceRead, readBalances, type TokenBalance } from './balances';
export { type Chains, ChainUnreachableError, createChains, evmChain, type WatchedNetwork } from './client';
export { DEV_CHAIN_KEYS, DEV_CHAIN_TREASURY, DEV_CHAINS, devChainOf } from './dev-chains';
export {
  chainTransferColumns,
  decodeTokenTransfers,
  readTransfersTo,
  type TokenTransferLog,
} from './token-transfers';

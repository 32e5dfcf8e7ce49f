export {
  createWalletChainAccess,
  createWalletChains,
  DeploymentRejectedError,
  describeChainError,
  type WalletChainAccess,
  type WalletChains,
} from './chain';
export {
  deployedChainsOf,
  deployedSafeOf,
  listSigners,
  requestedWalletOwnerAddress,
  type SignerRow,
  takeRelayerNonce,
} from './repo';
export { registerWalletRoutes } from './routes';
export { DEV_CHAIN_ID, SAFE_ARTIFACTS } from './safe';
export { createWalletService, type WalletTiming } from './service';

export {
  createWalletChainAccess,
  DeploymentRejectedError,
  describeChainError,
  type WalletChainAccess,
} from './chain';
export {
  deployedSafeOf,
  listSigners,
  requestedWalletOwnerAddress,
  type SignerRow,
  takeRelayerNonce,
} from './repo';
export { registerWalletRoutes } from './routes';
export { DEV_CHAIN_ID, SAFE_ARTIFACTS } from './safe';
export { createWalletService, type WalletTiming } from './service';

export { createWalletChainAccess, type WalletChainAccess } from './chain';
export { requestedWalletOwnerAddress } from './repo';
export { registerWalletRoutes } from './routes';
export { createWalletService, type WalletTiming } from './service';

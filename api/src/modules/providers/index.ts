export type { ProviderTransfer } from './adapters/adapter';
export { ProviderError } from './adapters/http-client';
export { createProviderAdapters, type ProviderAdapters } from './adapters/registry';
export { findAccountStatus, findProvider, findProviderByName, type ProviderRow } from './repo';
export { registerProviderRoutes, registerProviderWebhookRoutes } from './routes';
export { createProviderService } from './service';

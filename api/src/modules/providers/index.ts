export { findProvider, type ProviderRow } from './repo';
export { registerProviderRoutes, registerProviderWebhookRoutes } from './routes';
export { createProviderService } from './service';

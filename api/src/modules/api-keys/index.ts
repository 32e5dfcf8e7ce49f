export type { ApiKeyAnswer } from './authenticate-api-key';
export { createApiKeySecret } from './create-api-key';
export { registerApiKeyRoutes } from './routes';
export { type ApiKeyService, createApiKeyService } from './service';

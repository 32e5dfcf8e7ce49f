export { registerWebhookRoutes } from './routes';
export { createWebhookService, type WebhookService } from './service';

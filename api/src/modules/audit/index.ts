export { registerAuditRoutes } from './routes';
export { createAuditLogService } from './service';

export { type AuditActor, type AuditEntry, auditTrail, recordAudit, userActor } from './audit';
export { registerAuditRoutes } from './routes';
export { createAuditLogService } from './service';
export { registerAuditSource } from './source';

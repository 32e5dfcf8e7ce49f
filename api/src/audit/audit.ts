// TEMPORARY (issue 49): the audit writer moved to api/src/modules/audit. transfers/service.ts and
// wallet/service.ts still import this old path while they are being split into use-case files; once
// they import '../audit/index', delete this file (and this folder).
export { type AuditActor, recordAudit, userActor } from '../modules/audit/index';

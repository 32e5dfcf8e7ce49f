import { Readable } from 'node:stream';
import {
  AUDIT_CSV_COLUMNS,
  codedMessage,
  type TAuditEvent,
  ZAuditFilters,
  ZAuditQuery,
  ZAuditResponse,
  ZUid,
} from '@dash/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csvLine } from '../../http/csv';
import { AppError, validationError } from '../../http/errors';
import {
  ORGANIZATION_IN_PATH_ACCESS,
  type OrganizationContext,
  requireOrganizationByUid,
  requireUser,
} from '../../http/guards';
import { documentRoute } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import type { AuditLogService } from './service';

/** An Admin of the organization in the path: 401, then 404 (a malformed uid too: nothing to probe), then 403. */
async function requireAuditReader(request: FastifyRequest): Promise<OrganizationContext> {
  const { organizationUid } = request.params as Record<string, string | undefined>;
  const uid = ZUid.safeParse(organizationUid);
  if (!uid.success) {
    await requireUser(request);
    throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
  }
  return requireOrganizationByUid(request, uid.data, 'audit.read');
}

function csvRow(event: TAuditEvent): string {
  return csvLine([
    event.id,
    event.at,
    event.actor,
    event.action,
    event.subjectType,
    event.subjectUid,
    event.from,
    event.to,
    event.note,
    event.data === null ? null : JSON.stringify(event.data),
    event.requestId,
    event.ip,
  ]);
}

export function registerAuditRoutes(app: FastifyInstance, deps: { audit: AuditLogService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/organizations/:organizationUid/audit',
    messageCodes: ['messages.deniedAuditRead'],
    summary: "The organization's audit log, newest first, filtered and keyset-paged (Admins)",
    guard: requireAuditReader,
    access: ORGANIZATION_IN_PATH_ACCESS,
    query: ZAuditQuery,
    response: ZAuditResponse,
    handler: ({ auth, query }) => deps.audit.list(auth, query),
  });

  // A download link (the browser sends no organization header), so the organization is in the path.
  documentRoute(app, {
    method: 'GET',
    url: '/organizations/:organizationUid/audit/export.csv',
    messageCodes: ['messages.deniedAuditRead'],
    summary: 'The filtered audit log as CSV, streamed (same filters as the list, no paging; Admins)',
    access: ORGANIZATION_IN_PATH_ACCESS,
    query: ZAuditFilters,
    responses: { 200: { contentType: 'text/csv', description: 'One row per audit event, newest first' } },
  });
  app.get('/organizations/:organizationUid/audit/export.csv', async (request, reply) => {
    const auth = await requireAuditReader(request);
    const parsed = ZAuditFilters.safeParse(request.query);
    if (!parsed.success) throw validationError(parsed.error);
    const rows = deps.audit.exportRows(auth, parsed.data);
    async function* lines() {
      yield `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
      for await (const batch of rows) yield batch.map(csvRow).join('');
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(lines()));
  });
}

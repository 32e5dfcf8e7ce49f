import type { TAuditEvent, TAuditFilters, TAuditQuery, TAuditResponse } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import type { OrganizationContext } from '../../http/guards';
import { iterateAuditEvents, listAuditEvents } from './repo';

export type AuditLogService = ReturnType<typeof createAuditLogService>;

/** Reading an organization's audit log (written by recordAudit, audit.ts beside it). */
export function createAuditLogService({ db }: { db: Database }) {
  return {
    async list(context: OrganizationContext, query: TAuditQuery): Promise<TAuditResponse> {
      const { cursor, limit, ...filters } = query;
      // One row more than asked tells whether a next page exists.
      const rows = await listAuditEvents(db, context.organization.uid, filters, {
        limit: limit + 1,
        ...(cursor !== undefined ? { beforeId: Number(cursor) } : {}),
      });
      const data = rows.slice(0, limit);
      return { data, nextCursor: rows.length > limit ? (data[data.length - 1]?.id ?? null) : null };
    },

    exportRows(context: OrganizationContext, filters: TAuditFilters): AsyncGenerator<TAuditEvent[]> {
      return iterateAuditEvents(db, context.organization.uid, filters);
    },
  };
}

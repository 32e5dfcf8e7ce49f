import type { TAuditEvent, TAuditFilters } from '@dash/shared/contracts';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { endOfDayExclusive } from '../../db/day-filter';
import { auditEvents } from '../../db/schema';

type AuditRow = typeof auditEvents.$inferSelect;

/** Writes one audit record (in the caller's transaction, with the change it records). */
export async function insertAuditEvent(db: Database, values: typeof auditEvents.$inferInsert): Promise<void> {
  await db.insert(auditEvents).values(values);
}

/** The records of one object, oldest first. */
export function auditEventsOfSubject(
  db: Database,
  subject: { organizationUid: string; subjectType: string; subjectUid: string },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organizationUid, subject.organizationUid),
        eq(auditEvents.subjectType, subject.subjectType),
        eq(auditEvents.subjectUid, subject.subjectUid),
      ),
    )
    .orderBy(asc(auditEvents.id));
}

function toAuditEvent(row: AuditRow): TAuditEvent {
  return {
    id: String(row.id),
    at: row.createdAt.toISOString(),
    actor: row.actor,
    actorUserUid: row.actorUserUid,
    action: row.action,
    subjectType: row.subjectType,
    subjectUid: row.subjectUid,
    from: row.fromState,
    to: row.toState,
    note: row.note,
    data: row.data,
    requestId: row.requestId,
    ip: row.ip,
  };
}

function filtersWhere(organizationUid: string, filters: TAuditFilters): SQL | undefined {
  return and(
    eq(auditEvents.organizationUid, organizationUid),
    filters.actor ? sql`lower(${auditEvents.actor}) = lower(${filters.actor})` : undefined,
    filters.action ? eq(auditEvents.action, filters.action) : undefined,
    filters.from ? gte(auditEvents.createdAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? sql`${auditEvents.createdAt} < ${endOfDayExclusive(filters.to)}::timestamptz` : undefined,
  );
}

/** Rows older than `beforeId` (ids only grow), newest first: keyset paging on the primary key. */
export async function listAuditEvents(
  db: Database,
  organizationUid: string,
  filters: TAuditFilters,
  page: { beforeId?: number; limit: number },
): Promise<TAuditEvent[]> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        filtersWhere(organizationUid, filters),
        page.beforeId !== undefined ? lt(auditEvents.id, page.beforeId) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(page.limit);
  return rows.map(toAuditEvent);
}

/** The whole filtered log in batches, newest first (the CSV export streams them). */
export async function* iterateAuditEvents(
  db: Database,
  organizationUid: string,
  filters: TAuditFilters,
  batch = 1000,
): AsyncGenerator<TAuditEvent[]> {
  let beforeId: number | undefined;
  for (;;) {
    const rows = await listAuditEvents(db, organizationUid, filters, {
      limit: batch,
      ...(beforeId !== undefined ? { beforeId } : {}),
    });
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < batch) return;
    beforeId = Number(last.id);
  }
}

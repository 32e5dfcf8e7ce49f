import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export async function listEndpoints(db: Database, organizationUid: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationUid, organizationUid))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.uid));
}

export async function listActiveEndpoints(db: Database, organizationUid: string) {
  return db
    .select({
      uid: webhookEndpoints.uid,
      eventTypes: webhookEndpoints.eventTypes,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationUid, organizationUid), eq(webhookEndpoints.status, 'active')));
}

/** The organizations with at least one active endpoint (the sweep's scope). */
export async function listOrganizationsWithActiveEndpoints(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationUid: webhookEndpoints.organizationUid })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.status, 'active'));
  return rows.map((row) => row.organizationUid);
}

/** The organization's endpoint (undefined when it is another's or gone); `lock` holds it for the transaction. */
export async function findEndpoint(
  db: Database,
  organizationUid: string,
  endpointUid: string,
  options: { lock?: boolean } = {},
): Promise<WebhookEndpointRow | undefined> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.uid, endpointUid), eq(webhookEndpoints.organizationUid, organizationUid)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertEndpoint(db: Database, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('Webhook endpoint insert returned no row');
  return row;
}

export async function updateEndpoint(
  db: Database,
  endpointUid: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(eq(webhookEndpoints.uid, endpointUid))
    .returning();
  if (!row) throw new Error('Webhook endpoint vanished');
  return row;
}

export async function deleteEndpoint(db: Database, endpointUid: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.uid, endpointUid));
}

/** Records an event once per source: null when an event of that source exists already. */
export async function insertEvent(
  db: Database,
  values: { id: string; organizationUid: string; type: string; sourceKey: string | null; body: string },
): Promise<string | null> {
  const rows = await db
    .insert(webhookEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows[0]?.id ?? null;
}

/** What a delivery job sends: the endpoint with its secrets and the event's exact body. */
export async function findDeliveryTarget(db: Database, endpointUid: string, eventId: string) {
  const [row] = await db
    .select({
      endpoint: webhookEndpoints,
      eventType: webhookEvents.type,
      body: webhookEvents.body,
    })
    .from(webhookEndpoints)
    .innerJoin(
      webhookEvents,
      and(eq(webhookEvents.id, eventId), eq(webhookEvents.organizationUid, webhookEndpoints.organizationUid)),
    )
    .where(eq(webhookEndpoints.uid, endpointUid));
  return row;
}

export async function insertDelivery(db: Database, values: typeof webhookDeliveries.$inferInsert) {
  await db.insert(webhookDeliveries).values(values);
}

/** A success ends the endpoint's failing streak; a failure starts one unless it is running. */
export async function markEndpointOutcome(db: Database, endpointUid: string, succeeded: boolean) {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: succeeded ? null : sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.uid, endpointUid));
}

/** When the endpoint was first tried with this event (null: never). */
export async function firstAttemptAt(db: Database, endpointUid: string, eventId: string) {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${webhookDeliveries.createdAt})` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointUid, endpointUid), eq(webhookDeliveries.eventId, eventId)));
  return row?.at ? new Date(row.at) : null;
}

/** A page of the endpoint's log, newest first; `before` is the previous page's last id. */
export async function listDeliveries(
  db: Database,
  endpointUid: string,
  page: { before?: number; limit: number },
) {
  return db
    .select({
      id: webhookDeliveries.id,
      uid: webhookDeliveries.uid,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      attempt: webhookDeliveries.attempt,
      succeeded: webhookDeliveries.succeeded,
      statusCode: webhookDeliveries.statusCode,
      latencyMs: webhookDeliveries.latencyMs,
      responseExcerpt: webhookDeliveries.responseExcerpt,
      error: webhookDeliveries.error,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointUid, endpointUid),
        page.before !== undefined ? lt(webhookDeliveries.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(page.limit + 1);
}

export async function findDelivery(db: Database, endpointUid: string, deliveryUid: string) {
  const [row] = await db
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.uid, deliveryUid), eq(webhookDeliveries.endpointUid, endpointUid)));
  return row;
}

/** The endpoint, whoever's, locked until the transaction ends (jobs have no organization context). */
export async function lockEndpoint(
  db: Database,
  endpointUid: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.uid, endpointUid))
    .for('update');
  return row;
}

import { randomBytes, randomUUID } from 'node:crypto';
import type { TOrganizationEvent } from '@dash/shared/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/runner';
import { insertEvent, listActiveEndpoints } from './repo';
import { type Happening, happeningsOf, SOURCE_EVENT_TYPES } from './sources';

// Record webhook events from the event bus (subscribed once, in app.ts): for a bus event that
// stands for something an active endpoint subscribed to, the webhook event is stored once per
// source (a second sight of the same change is a no-op) with the body every attempt will sign,
// and one delivery job per subscribed endpoint is enqueued in the same transaction.

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';
export const ZDeliveryPayload = z.object({ endpointUid: z.string(), eventId: z.string() });
export type DeliveryPayload = z.infer<typeof ZDeliveryPayload>;

export function newEventId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

export function eventBody(type: string, occurredAt: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}

/** The first delivery of an event to an endpoint (once), or a Resend (a new job, the same event). */
export function enqueueDelivery(db: Database, payload: DeliveryPayload, options: { resend?: boolean } = {}) {
  const key = `${WEBHOOK_DELIVERY_JOB}:${payload.endpointUid}:${payload.eventId}`;
  return enqueueJob(db, {
    kind: WEBHOOK_DELIVERY_JOB,
    payload,
    key: options.resend ? `${key}:resend:${randomUUID()}` : key,
  });
}

/** Returns how many deliveries it queued (the caller wakes the runner when some were). */
export async function recordWebhookEvents(
  db: Database,
  organizationUid: string,
  event: TOrganizationEvent,
): Promise<number> {
  if (!SOURCE_EVENT_TYPES.has(event.type)) return 0;
  const endpoints = await listActiveEndpoints(db, organizationUid);
  if (endpoints.length === 0) return 0;
  // An endpoint gets what happened since it was registered, not the history it was created after.
  const targetsOf = (happening: Happening) =>
    endpoints.filter(
      (endpoint) =>
        endpoint.eventTypes.includes(happening.type) && endpoint.createdAt <= happening.occurredAt,
    );
  const wanted = (await happeningsOf(db, organizationUid, event)).filter(
    (happening) => targetsOf(happening).length > 0,
  );
  if (wanted.length === 0) return 0;
  return db.transaction(async (tx) => {
    let queued = 0;
    for (const happening of wanted) {
      const eventId = await insertEvent(tx, {
        id: newEventId(),
        organizationUid,
        type: happening.type,
        sourceKey: happening.sourceKey,
        body: eventBody(happening.type, happening.occurredAt, happening.data),
      });
      if (!eventId) continue;
      for (const endpoint of targetsOf(happening)) {
        if (await enqueueDelivery(tx, { endpointUid: endpoint.uid, eventId })) queued += 1;
      }
    }
    return queued;
  });
}

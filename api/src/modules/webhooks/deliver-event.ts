import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { JobDefinition } from '../../jobs/runner';
import { disableFailingEndpoint } from './disable-failing-endpoint';
import { type DeliveryPayload, WEBHOOK_DELIVERY_JOB, ZDeliveryPayload } from './record-events';
import { findDeliveryTarget, insertDelivery, markEndpointOutcome } from './repo';
import { sendWebhook } from './send-webhook';

// Deliver one event to one endpoint: a job of the one runner, so it is sent at least once and
// retried on its schedule. Each attempt signs the stored body again (the same webhook-id, a fresh
// timestamp) with every secret that signs now, and is logged with its status, latency and the
// start of the answer. A non-2xx answer or no answer is a failure: the runner tries again later;
// when the schedule runs out (about a day) an endpoint that never answered well since is disabled.

/** Waits after the 1st, 2nd… failed attempt (Standard Webhooks' schedule): about 28 hours in all. */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

export function deliverEventJob(deps: {
  db: Database;
  events: EventBus;
  production: boolean;
  log: FastifyBaseLogger;
  /** Starts the Admins' mails (queued in the transaction that disables). */
  wake: () => void;
  now?: () => Date;
}): JobDefinition<DeliveryPayload> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    kind: WEBHOOK_DELIVERY_JOB,
    payload: ZDeliveryPayload,
    maxAttempts: WEBHOOK_RETRY_SCHEDULE_MS.length + 1,
    backoffMs: (failures) =>
      WEBHOOK_RETRY_SCHEDULE_MS[Math.min(failures, WEBHOOK_RETRY_SCHEDULE_MS.length) - 1] ?? 0,
    async handle(payload, context) {
      const target = await findDeliveryTarget(db, payload.endpointUid, payload.eventId);
      // Removed or disabled since: nothing to send (Resend after enabling it again).
      if (target?.endpoint.status !== 'active') return;
      const { endpoint } = target;
      const at = now();
      const secrets = [endpoint.secret];
      if (
        endpoint.previousSecret &&
        endpoint.previousSecretExpiresAt &&
        endpoint.previousSecretExpiresAt > at
      ) {
        secrets.push(endpoint.previousSecret);
      }
      const attempt = await sendWebhook({
        url: endpoint.url,
        eventId: payload.eventId,
        body: target.body,
        secrets,
        production: deps.production,
        now: at,
      });
      await db.transaction(async (tx) => {
        await insertDelivery(tx, {
          endpointUid: endpoint.uid,
          eventId: payload.eventId,
          attempt: context.attempt,
          succeeded: attempt.succeeded,
          statusCode: attempt.statusCode,
          latencyMs: attempt.latencyMs,
          responseExcerpt: attempt.responseExcerpt,
          error: attempt.error,
        });
        await markEndpointOutcome(tx, endpoint.uid, attempt.succeeded);
      });
      await deps.events.publish(endpoint.organizationUid, {
        type: 'webhook_endpoint.updated',
        endpointUid: endpoint.uid,
      });
      if (!attempt.succeeded) {
        throw new Error(
          attempt.statusCode === null
            ? `Webhook not delivered: ${attempt.error}`
            : `Webhook answered ${attempt.statusCode}`,
        );
      }
    },
    async onGiveUp(payload, _error, context) {
      const disabledIn = await disableFailingEndpoint(db, payload, context.log);
      if (disabledIn) {
        deps.wake();
        await deps.events.publish(disabledIn, {
          type: 'webhook_endpoint.updated',
          endpointUid: payload.endpointUid,
        });
      }
    },
  };
}

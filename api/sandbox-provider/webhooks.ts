import { signTimestamped } from '../src/http/hmac';
import { HttpError, newId } from './requests';
import type { SandboxEvent, SandboxStore } from './store';

/**
 * The sandbox's webhooks: each event is kept, and posted signed to its URL
 * (`X-Sandbox-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`) until the URL answers 2xx,
 * retried with backoff (doubling from `retryBaseMs`, at most a minute). Deliveries are part of the
 * persisted state, so a restart loses none.
 */
export interface SandboxWebhookOptions {
  webhookSecret: string;
  /** Used when an event names no webhook URL; `{account}` is replaced by the account. */
  webhookUrlTemplate?: string | undefined;
  retryBaseMs: number;
  log: (line: string) => void;
}

export interface SandboxWebhooks {
  /** Records an event and queues its delivery (the caller saves the state). */
  emit(account: string, type: string, data: Record<string, unknown>, webhookUrl: string | null): SandboxEvent;
  /** Queues the same event (same id) again. */
  replay(account: string, eventId: string | undefined): SandboxEvent;
  /** Posts every delivery that is due; one pass at a time. */
  deliverDue(): Promise<void>;
}

const DELIVERY_TIMEOUT_MS = 5_000;

export function createWebhooks(store: SandboxStore, options: SandboxWebhookOptions): SandboxWebhooks {
  const { state } = store;
  let delivering = false;

  return {
    emit(account, type, data, webhookUrl) {
      const event: SandboxEvent = {
        id: newId('evt'),
        account,
        type,
        createdAt: new Date().toISOString(),
        data,
      };
      state.events[event.id] = event;
      const url = webhookUrl ?? options.webhookUrlTemplate?.replaceAll('{account}', account) ?? null;
      if (url) {
        state.deliveries.push({
          eventId: event.id,
          url,
          attempts: 0,
          nextAttemptAt: Date.now(),
          deliveredAt: null,
          lastError: null,
        });
      }
      return event;
    },

    replay(account, eventId) {
      const event = eventId ? state.events[eventId] : undefined;
      if (!event || event.account !== account) throw new HttpError(404, 'not_found', 'No such event.');
      const earlier = state.deliveries.find((delivery) => delivery.eventId === event.id);
      if (!earlier)
        throw new HttpError(409, 'no_webhook_url', 'This event has no webhook URL to deliver to.');
      state.deliveries.push({
        eventId: event.id,
        url: earlier.url,
        attempts: 0,
        nextAttemptAt: Date.now(),
        deliveredAt: null,
        lastError: null,
      });
      return event;
    },

    async deliverDue() {
      if (delivering) return;
      delivering = true;
      try {
        const now = Date.now();
        const due = state.deliveries.filter(
          (delivery) => !delivery.deliveredAt && delivery.nextAttemptAt <= now,
        );
        await Promise.all(
          due.map(async (delivery) => {
            const event = state.events[delivery.eventId];
            if (!event) return;
            const body = JSON.stringify({
              id: event.id,
              type: event.type,
              createdAt: event.createdAt,
              data: event.data,
            });
            delivery.attempts += 1;
            try {
              const response = await fetch(delivery.url, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  'x-sandbox-event-id': event.id,
                  'x-sandbox-signature': signTimestamped(
                    options.webhookSecret,
                    body,
                    Math.floor(Date.now() / 1000),
                  ),
                },
                body,
                signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
              });
              if (response.ok) {
                delivery.deliveredAt = new Date().toISOString();
                delivery.lastError = null;
                options.log(`Delivered ${event.type} ${event.id} to ${delivery.url}`);
              } else {
                delivery.lastError = `HTTP ${response.status}`;
              }
            } catch (error) {
              delivery.lastError = error instanceof Error ? error.message : String(error);
            }
            if (!delivery.deliveredAt) {
              delivery.nextAttemptAt =
                Date.now() + Math.min(60_000, options.retryBaseMs * 2 ** (delivery.attempts - 1));
              options.log(
                `Delivery of ${event.id} failed (${delivery.lastError}); attempt ${delivery.attempts}, retrying`,
              );
            }
          }),
        );
        if (due.length > 0) store.save();
      } finally {
        delivering = false;
      }
    },
  };
}

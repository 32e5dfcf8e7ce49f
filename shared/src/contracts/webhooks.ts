import { coded, deferred, english, ZIsoDateTime, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { keysetPageQuery } from './keyset-page';

/**
 * Outbound webhooks (Admins only; organization in the x-organization-uid header). Deliveries follow
 * the Standard Webhooks specification: headers `webhook-id` (the event's id, the same on every
 * retry and on Resend), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`,
 * one per valid secret while a rotated one overlaps), body `{ type, timestamp, data }`.
 *
 * | Endpoint | Who | Answer |
 * |---|---|---|
 * | GET webhooks/endpoints | Admin | 200 the endpoints |
 * | POST webhooks/endpoints | Admin | 201 the endpoint and its secret (shown this once) |
 * | DELETE webhooks/endpoints/{endpointUid} | Admin | 204 |
 * | POST webhooks/endpoints/{endpointUid}/enable | Admin | 200 the endpoint, active again |
 * | POST webhooks/endpoints/{endpointUid}/secret | Admin | 200 the endpoint and its new secret |
 * | POST webhooks/endpoints/{endpointUid}/test | Admin | 202 the test event's id |
 * | GET webhooks/endpoints/{endpointUid}/deliveries?cursor&limit | Admin | 200 a page, newest first |
 * | POST webhooks/endpoints/{endpointUid}/deliveries/{deliveryUid}/resend | Admin | 202 the event's id |
 */

/** What an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'transfer.created',
  'transfer.status_changed',
  'safe_transaction.proposed',
  'safe_transaction.confirmed',
  'safe_transaction.executed',
  'message.received',
  'kyb.decided',
] as const;
export const ZWebhookEventType = deferred(() => z.enum(WEBHOOK_EVENT_TYPES));
export type TWebhookEventType = z.infer<typeof ZWebhookEventType>;

/** "Send a test event": delivered to one endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'disabled'] as const;

/** How long a rotated secret still signs (beside the new one). */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** The start of a receiver's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;
export const WEBHOOK_URL_MAX_LENGTH = 2048;

export const WEBHOOK_URL_MESSAGE = english('messages.webhookUrl');
export const WEBHOOK_HTTPS_REQUIRED_MESSAGE = english('messages.webhookHttpsRequired');
export const WEBHOOK_PRIVATE_ADDRESS_MESSAGE = english('messages.webhookPrivateAddress');
export const WEBHOOK_HOST_UNRESOLVED_MESSAGE = english('messages.webhookHostUnresolved');
export const WEBHOOK_EVENTS_MESSAGE = english('messages.webhookEvents');
export const WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE = english('messages.webhookEndpointNotFound');
export const WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE = english('messages.webhookDeliveryNotFound');
export const WEBHOOK_ENDPOINT_DISABLED_MESSAGE = english('messages.webhookEndpointDisabled');

export const ZWebhookUrl = deferred(() =>
  z
    .string(coded('messages.webhookUrl'))
    .trim()
    .max(WEBHOOK_URL_MAX_LENGTH, coded('messages.webhookUrlTooLong'))
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, coded('messages.webhookUrl')),
);

export const ZCreateWebhookEndpointRequest = deferred(() =>
  z.object({
    url: ZWebhookUrl,
    eventTypes: z
      .array(ZWebhookEventType, coded('messages.webhookEvents'))
      .min(1, coded('messages.webhookEvents'))
      .max(WEBHOOK_EVENT_TYPES.length)
      .refine((types) => new Set(types).size === types.length, coded('messages.webhookEventsOnce')),
  }),
);
export type TCreateWebhookEndpointRequest = z.infer<typeof ZCreateWebhookEndpointRequest>;

export const ZWebhookEndpoint = deferred(() =>
  z.object({
    uid: ZUid,
    url: z.string(),
    eventTypes: z.array(ZWebhookEventType),
    status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
    /** When it was disabled after its deliveries kept failing (null while active). */
    disabledAt: ZIsoDateTime.nullable(),
    /** Until when the previous secret still signs, after a rotation. */
    previousSecretExpiresAt: ZIsoDateTime.nullable(),
    createdAt: ZIsoDateTime,
  }),
);
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointsResponse = deferred(() => z.object({ data: z.array(ZWebhookEndpoint) }));
export type TWebhookEndpointsResponse = z.infer<typeof ZWebhookEndpointsResponse>;

export const ZWebhookEndpointResponse = deferred(() => z.object({ data: ZWebhookEndpoint }));
export type TWebhookEndpointResponse = z.infer<typeof ZWebhookEndpointResponse>;

/** `whsec_` and base64 of 24 random bytes (Standard Webhooks). */
export const ZWebhookSecret = deferred(() => z.string().regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/));

/** The endpoint with its secret: the only answers that show a secret (creation, rotation). */
export const ZWebhookEndpointWithSecretResponse = deferred(() =>
  z.object({
    data: z.object({ endpoint: ZWebhookEndpoint, secret: ZWebhookSecret }),
  }),
);
export type TWebhookEndpointWithSecretResponse = z.infer<typeof ZWebhookEndpointWithSecretResponse>;

export const ZWebhookEndpointParams = deferred(() => z.object({ endpointUid: ZUid }));
export const ZWebhookDeliveryParams = deferred(() => z.object({ endpointUid: ZUid, deliveryUid: ZUid }));

/** The id a receiver sees as `webhook-id`. */
export const ZWebhookEventId = deferred(() => z.string().regex(/^msg_[0-9a-f]{32}$/));

export const ZWebhookEventQueuedResponse = deferred(() =>
  z.object({ data: z.object({ eventId: ZWebhookEventId }) }),
);
export type TWebhookEventQueuedResponse = z.infer<typeof ZWebhookEventQueuedResponse>;

export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;
/** Keyset paging of an endpoint's log, newest first. */
export const ZWebhookDeliveriesQuery = deferred(() => z.object(keysetPageQuery(WEBHOOK_DELIVERIES_PAGE_MAX)));
export type TWebhookDeliveriesQuery = z.infer<typeof ZWebhookDeliveriesQuery>;

/** One attempt to deliver an event to an endpoint. */
export const ZWebhookDelivery = deferred(() =>
  z.object({
    uid: ZUid,
    eventId: ZWebhookEventId,
    eventType: z.string(),
    /** 1 for the first attempt of this delivery (a Resend starts again at 1). */
    attempt: z.number().int(),
    succeeded: z.boolean(),
    /** The receiver's HTTP status; null when no answer came (refused, timeout, connection error). */
    statusCode: z.number().int().nullable(),
    latencyMs: z.number().int(),
    /** The first WEBHOOK_RESPONSE_EXCERPT_BYTES of the answer. */
    responseExcerpt: z.string(),
    /** Why no answer came (null when one did). */
    error: z.string().nullable(),
    createdAt: ZIsoDateTime,
  }),
);
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveriesResponse = deferred(() =>
  z.object({
    data: z.array(ZWebhookDelivery),
    /** Null on the last page. */
    nextCursor: z.string().nullable(),
  }),
);
export type TWebhookDeliveriesResponse = z.infer<typeof ZWebhookDeliveriesResponse>;

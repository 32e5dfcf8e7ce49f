/** Outbound webhooks (api/src/modules/webhooks): endpoints, the events sent to them, each attempt. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { organizations } from './identity';

export const WEBHOOK_ENDPOINT_STATUS_VALUES = ['active', 'disabled'] as const;

/**
 * Where an organization's events go. The secret is kept as the sender needs it (it signs every
 * delivery) and shown to the Admin only when it is made; after a rotation the previous one still
 * signs until previous_secret_expires_at.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    status: text('status', { enum: WEBHOOK_ENDPOINT_STATUS_VALUES }).notNull().default('active'),
    /** Since when every attempt failed (null after a success): the endpoint is disabled when an event's schedule ran out within it. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_endpoints_organization_idx').on(table.organizationUid, table.createdAt),
    check(
      'webhook_endpoints_status_check',
      sql`${table.status} in (${sqlList(WEBHOOK_ENDPOINT_STATUS_VALUES)})`,
    ),
  ],
);

/**
 * One event as receivers get it: its id is the `webhook-id` of every attempt and Resend, its body
 * the exact bytes signed each time. `source_key` names what happened (a transfer's status change
 * row, a confirmation…), so the same change seen twice is one event.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    sourceKey: text('source_key'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('webhook_events_source_unique').on(table.organizationUid, table.sourceKey)],
);

/** Every attempt to deliver an event to an endpoint, newest first in the endpoint's log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: uuid('uid').notNull().unique().defaultRandom(),
    endpointUid: uuid('endpoint_uid')
      .notNull()
      .references(() => webhookEndpoints.uid, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    succeeded: boolean('succeeded').notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_deliveries_endpoint_idx').on(table.endpointUid, table.id)],
);

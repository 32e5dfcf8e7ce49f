/** Idempotency keys of money-moving POSTs. */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizations, users } from './identity';

/**
 * Idempotency keys of money-moving POSTs (http/idempotency.ts): per organization and user, kept
 * 24 hours. response_status null: the first request is still in flight.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, route and a SHA-256 of the canonical body. */
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    createdAt: createdAt(),
    /** An in-flight claim older than this is considered abandoned (a crashed process). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationUid, table.userUid, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

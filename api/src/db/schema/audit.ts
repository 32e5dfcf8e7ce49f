/** The audit record. */
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The one audit record (api/src/modules/audit): every state change a person, an operator, a provider
 * or the system makes, with who, what, on which object, from which state to which, and when.
 * Append-only.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for platform-level events (an operator's own settings, say). */
    organizationUid: uuid('organization_uid'),
    /** The signed-in person, when a person did it. */
    actorUserUid: uuid('actor_user_uid'),
    /** Who did it, readable without a join: an e-mail, 'operator:<email>', 'provider:<uid>' or 'system'. */
    actor: text('actor').notNull(),
    /** Dotted verb: 'kyb.submitted', 'bank_beneficiary.created', … */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectUid: text('subject_uid').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /**
     * Where the change came from: the API request's id (Fastify's, also sent as x-request-id), or
     * 'job:<kind>:<id>' for the job runner; null from a terminal (pnpm ops).
     */
    requestId: text('request_id'),
    /** The caller's address for a change made by an API request (a webhook's sender for a webhook). */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_events_organization_action_idx').on(table.organizationUid, table.action, table.id),
    index('audit_events_organization_idx').on(table.organizationUid, table.id),
    index('audit_events_subject_idx').on(table.subjectType, table.subjectUid, table.id),
  ],
);

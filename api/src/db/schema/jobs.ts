/** The durable job queue (api/src/jobs). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The one durable job queue (api/src/jobs): work that outlives a request (a deploy, a mail, a
 * provider call) is a row, claimed with FOR UPDATE SKIP LOCKED under a lease, retried with backoff
 * and resumed after a crash (a running job whose lease ran out is claimed again).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** Optional: a second enqueue with the same key is a no-op, so callers may enqueue twice. */
    key: text('key').unique(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** Claims so far (a claim whose lease ran out counts too). */
    attempts: integer('attempts').notNull().default(0),
    /** Failed attempts: what maxAttempts is measured against (a reschedule is not a failure). */
    failures: integer('failures').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt).where(sql`${table.status} = 'queued'`),
    index('jobs_lease_idx').on(table.lockedUntil).where(sql`${table.status} = 'running'`),
    check('jobs_status_check', sql`${table.status} in (${sqlList(JOB_STATUSES)})`),
  ],
);

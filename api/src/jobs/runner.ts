import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { withAuditSource } from '../modules/audit/source';

/**
 * The one durable job runner. Work that must outlive a request (deploying a contract, sending a
 * mail, calling a provider) is enqueued as a row in the same transaction as the change that needs
 * it, so it exists exactly when that change committed. Workers claim due rows with
 * FOR UPDATE SKIP LOCKED under a lease that a heartbeat extends; a worker that dies stops
 * extending it and the job is claimed again once it runs out (at once on the embedded database,
 * which only one process can open). Handlers must therefore be safe to run twice: check the world
 * first (is the contract there, was the mail sent), then act.
 */

export interface JobContext {
  id: number;
  /** 1 on the first claim. */
  attempt: number;
  log: FastifyBaseLogger;
}

export interface JobDefinition<P> {
  kind: string;
  /** The payload's contract: a row whose payload no longer parses fails at once (never retried). */
  payload: z.ZodType<P>;
  handle(payload: P, context: JobContext): Promise<void>;
  /** Failed attempts before the job is given up (default 8). A RescheduleJob is not a failure. */
  maxAttempts?: number;
  /** Delay before the next try after `failures` failed attempts (default: 1 s doubling, at most 5 min). */
  backoffMs?(failures: number): number;
  /** Called once when the job is given up, with the last error: record the failure for the user. */
  onGiveUp?(payload: P, error: unknown, context: JobContext): Promise<void>;
}

/** Thrown by a handler to run again later without counting a failure (e.g. waiting for a receipt). */
export class RescheduleJob extends Error {
  constructor(
    readonly delayMs: number,
    reason = 'rescheduled',
  ) {
    super(reason);
    this.name = 'RescheduleJob';
  }
}

export interface NewJob<P> {
  kind: string;
  payload: P;
  /** Idempotency: a job with this key already queued, running or done makes this enqueue a no-op. */
  key?: string;
  /** Run no earlier than this delay from now. */
  delayMs?: number;
}

/**
 * Enqueues a job, usually with the transaction (`tx`) of the change it belongs to. Returns its id,
 * or null when a job with the same key exists. Call `runner.wake()` after the commit to start it at
 * once; otherwise the next poll picks it up.
 */
export async function enqueueJob<P>(db: Database, job: NewJob<P>): Promise<number | null> {
  const rows = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      key: job.key ?? null,
      runAt: sql`now() + ${`${Math.max(0, Math.round(job.delayMs ?? 0))} milliseconds`}::interval`,
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** How often idle workers look for due jobs (default 500 ms). */
  pollMs?: number;
  /** How long a claim holds a job without a heartbeat (default 30 s). */
  leaseMs?: number;
  /** Jobs run at once by this process (default 4). */
  concurrency?: number;
  /**
   * Jobs that succeeded longer ago than this are deleted by the runner (default 7 days, as
   * JOB_RETENTION_HOURS); failed ones are kept for operators (`pnpm ops jobs failed`). A job's key
   * dedupes enqueues only while its row exists, so keep this longer than any retry of its cause.
   */
  retentionMs?: number;
  /** How often a started runner deletes them (default hourly, and once at start). */
  retentionSweepMs?: number;
}

export interface JobRunner {
  register<P>(definition: JobDefinition<P>): void;
  /** Starts polling. `exclusive`: this process is the database's only user (embedded PGlite), so
   * every job still marked running belongs to a dead process and is claimed again at once. */
  start(options?: { exclusive?: boolean }): Promise<void>;
  /** Stops polling and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /** Looks for due jobs now (after a commit that enqueued one). */
  wake(): void;
  /** Runs due jobs until none is left (tests and CLIs). Returns how many attempts ran. */
  drain(): Promise<number>;
  /** Deletes succeeded jobs past the retention now, in batches; returns how many (a started runner does it hourly). */
  deleteExpired(): Promise<number>;
}

type Claimed = typeof jobs.$inferSelect;

const DEFAULT_MAX_ATTEMPTS = 8;
export const DEFAULT_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Rows deleted per statement, and statements per sweep: short locks, a bounded sweep. */
const RETENTION_BATCH = 500;
const RETENTION_MAX_BATCHES = 20;
const defaultBackoff = (failures: number) => Math.min(300_000, 1_000 * 2 ** Math.max(0, failures - 1));

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2_000);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const pollMs = options.pollMs ?? 500;
  const leaseMs = options.leaseMs ?? 30_000;
  const concurrency = options.concurrency ?? 4;
  const retentionMs = options.retentionMs ?? DEFAULT_JOB_RETENTION_MS;
  const retentionSweepMs = options.retentionSweepMs ?? 60 * 60 * 1000;
  // biome-ignore lint/suspicious/noExplicitAny: definitions of different payload types live in one map.
  const definitions = new Map<string, JobDefinition<any>>();
  const inHand = new Map<number, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retentionTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | null = null;
  let running = false;
  let looking: Promise<void> | null = null;
  let lookAgain = false;

  const lease = () => sql`now() + ${`${leaseMs} milliseconds`}::interval`;

  async function claim(limit: number): Promise<Claimed[]> {
    const kinds = [...definitions.keys()];
    if (kinds.length === 0 || limit <= 0) return [];
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: lease() })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** Only the claim that holds the job may settle it (a stale worker whose lease was taken over may not). */
  const heldBy = (job: Claimed) =>
    and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));

  async function run(job: Claimed): Promise<void> {
    const definition = definitions.get(job.kind);
    if (!definition) return;
    const context: JobContext = {
      id: job.id,
      attempt: job.attempts,
      log: log.child({ job: job.id, kind: job.kind, attempt: job.attempts }),
    };
    const parsed = definition.payload.safeParse(job.payload);
    try {
      if (!parsed.success) throw new Error(`The payload breaks its contract: ${parsed.error.message}`);
      // A job is its own source in the audit record, not the request that happened to wake the runner.
      await withAuditSource({ requestId: `job:${job.kind}:${job.id}`, ip: null }, () =>
        definition.handle(parsed.data, context),
      );
      await db
        .update(jobs)
        .set({ status: 'done', lockedUntil: null, finishedAt: sql`now()`, lastError: null })
        .where(heldBy(job));
    } catch (error) {
      if (error instanceof RescheduleJob) {
        await db
          .update(jobs)
          .set({
            status: 'queued',
            lockedUntil: null,
            runAt: sql`now() + ${`${Math.max(0, Math.round(error.delayMs))} milliseconds`}::interval`,
            lastError: error.message,
          })
          .where(heldBy(job));
        return;
      }
      const failures = job.failures + 1;
      const maxAttempts = parsed.success ? (definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) : 1;
      const givingUp = failures >= maxAttempts;
      context.log.warn({ err: error, failures, givingUp }, 'Job attempt failed');
      const settled = await db
        .update(jobs)
        .set(
          givingUp
            ? {
                status: 'failed',
                failures,
                lockedUntil: null,
                finishedAt: sql`now()`,
                lastError: describe(error),
              }
            : {
                status: 'queued',
                failures,
                lockedUntil: null,
                runAt: sql`now() + ${`${(definition.backoffMs ?? defaultBackoff)(failures)} milliseconds`}::interval`,
                lastError: describe(error),
              },
        )
        .where(heldBy(job))
        .returning({ id: jobs.id });
      if (givingUp && settled.length > 0 && parsed.success && definition.onGiveUp) {
        await withAuditSource({ requestId: `job:${job.kind}:${job.id}`, ip: null }, () =>
          definition.onGiveUp?.(parsed.data, error, context),
        );
      }
    }
  }

  function runInHand(job: Claimed): Promise<void> {
    const task = run(job)
      .catch((error) => log.error({ err: error, job: job.id }, 'Job bookkeeping failed'))
      .finally(() => {
        inHand.delete(job.id);
        if (running) wake();
      });
    inHand.set(job.id, task);
    return task;
  }

  async function lookOnce(): Promise<void> {
    do {
      lookAgain = false;
      const claimed = await claim(concurrency - inHand.size);
      for (const job of claimed) void runInHand(job);
      if (claimed.length > 0) lookAgain = inHand.size < concurrency;
    } while (lookAgain && running);
  }

  function wake(): void {
    if (!running) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = lookOnce()
      .catch((error) => log.error({ err: error }, 'Looking for due jobs failed'))
      .finally(() => {
        looking = null;
      });
  }

  /** Only `done` rows: a failed job stays until an operator has seen it. */
  async function deleteExpired(): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < RETENTION_MAX_BATCHES; batch++) {
      const expired = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.status, 'done'),
            lt(
              jobs.finishedAt,
              sql`now() - ${`${Math.max(0, Math.round(retentionMs))} milliseconds`}::interval`,
            ),
          ),
        )
        .orderBy(asc(jobs.finishedAt))
        .limit(RETENTION_BATCH)
        .for('update', { skipLocked: true });
      const rows = await db.delete(jobs).where(inArray(jobs.id, expired)).returning({ id: jobs.id });
      deleted += rows.length;
      if (rows.length < RETENTION_BATCH) break;
    }
    return deleted;
  }

  function sweep(): void {
    if (!running || sweeping) return;
    sweeping = deleteExpired()
      .then((deleted) => {
        if (deleted > 0) log.info({ deleted }, 'Deleted succeeded jobs past their retention');
      })
      .catch((error) => log.error({ err: error }, 'Deleting old jobs failed'))
      .finally(() => {
        sweeping = null;
      });
  }

  async function extendLeases(): Promise<void> {
    const ids = [...inHand.keys()];
    if (ids.length === 0) return;
    await db
      .update(jobs)
      .set({ lockedUntil: lease() })
      .where(and(inArray(jobs.id, ids), eq(jobs.status, 'running')));
  }

  return {
    register(definition) {
      if (definitions.has(definition.kind))
        throw new Error(`Job kind ${definition.kind} is registered twice`);
      definitions.set(definition.kind, definition);
    },

    async start({ exclusive = false } = {}) {
      if (running) return;
      if (exclusive) {
        // Nobody else can hold these: the process that claimed them is gone.
        await db
          .update(jobs)
          .set({ lockedUntil: sql`now() - interval '1 second'` })
          .where(eq(jobs.status, 'running'));
      }
      running = true;
      timer = setInterval(wake, pollMs);
      timer.unref();
      heartbeat = setInterval(
        () => {
          extendLeases().catch((error) => log.error({ err: error }, 'Extending job leases failed'));
        },
        Math.max(1_000, Math.floor(leaseMs / 3)),
      );
      heartbeat.unref();
      retentionTimer = setInterval(sweep, retentionSweepMs);
      retentionTimer.unref();
      wake();
      sweep();
    },

    async stop() {
      running = false;
      clearInterval(timer);
      clearInterval(heartbeat);
      clearInterval(retentionTimer);
      await sweeping;
      await looking;
      await Promise.all(inHand.values());
    },

    wake,
    deleteExpired,

    async drain() {
      let attempts = 0;
      for (;;) {
        const claimed = await claim(concurrency);
        if (claimed.length === 0) return attempts;
        attempts += claimed.length;
        await Promise.all(claimed.map(runInHand));
      }
    },
  };
}

import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { emptyTestDatabase } from '../test/database';
import { createJobRunner, enqueueJob, RescheduleJob } from './runner';

const log = Fastify({ logger: false }).log;
const ZPayload = z.object({ n: z.number() });

async function setup(options: { leaseMs?: number; retentionMs?: number; retentionSweepMs?: number } = {}) {
  const { db } = await emptyTestDatabase();
  const runner = createJobRunner({ db, log, pollMs: 20, ...options });
  onTestFinished(() => runner.stop());
  return { db, runner };
}

async function rowOf(db: Awaited<ReturnType<typeof setup>>['db'], id: number | null) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.id, id ?? -1));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

describe('job runner', () => {
  it('runs an enqueued job once and marks it done', async () => {
    const { db, runner } = await setup();
    const seen: number[] = [];
    runner.register({ kind: 'count', payload: ZPayload, handle: async ({ n }) => void seen.push(n) });

    const id = await enqueueJob(db, { kind: 'count', payload: { n: 7 } });
    expect(await runner.drain()).toBe(1);
    expect(await runner.drain()).toBe(0);

    expect(seen).toEqual([7]);
    expect(await rowOf(db, id)).toMatchObject({ status: 'done', attempts: 1, failures: 0 });
  });

  it('ignores a second enqueue with the same key', async () => {
    const { db } = await setup();
    expect(await enqueueJob(db, { kind: 'count', payload: { n: 1 }, key: 'deploy:a' })).not.toBeNull();
    expect(await enqueueJob(db, { kind: 'count', payload: { n: 2 }, key: 'deploy:a' })).toBeNull();
    expect(await db.select().from(jobs)).toHaveLength(1);
  });

  it('retries a failing job with backoff, then gives up and says so once', async () => {
    const { db, runner } = await setup();
    const givenUp: string[] = [];
    runner.register({
      kind: 'flaky',
      payload: ZPayload,
      maxAttempts: 3,
      backoffMs: () => 0,
      handle: async () => {
        throw new Error('provider down');
      },
      onGiveUp: async (_payload, error) => void givenUp.push((error as Error).message),
    });
    const id = await enqueueJob(db, { kind: 'flaky', payload: { n: 1 } });

    expect(await runner.drain()).toBe(3);
    expect(givenUp).toEqual(['provider down']);
    expect(await rowOf(db, id)).toMatchObject({ status: 'failed', failures: 3, lastError: 'provider down' });
  });

  it('reschedules without counting a failure', async () => {
    const { db, runner } = await setup();
    let calls = 0;
    runner.register({
      kind: 'wait',
      payload: ZPayload,
      maxAttempts: 1,
      handle: async () => {
        calls += 1;
        if (calls === 1) throw new RescheduleJob(60_000, 'receipt not there yet');
      },
    });
    const id = await enqueueJob(db, { kind: 'wait', payload: { n: 1 } });

    await runner.drain();
    const waiting = await rowOf(db, id);
    expect(waiting).toMatchObject({ status: 'queued', failures: 0, lastError: 'receipt not there yet' });
    expect(waiting.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await runner.drain()).toBe(0);
  });

  it('fails a job whose payload breaks its contract without retrying it', async () => {
    const { db, runner } = await setup();
    runner.register({ kind: 'count', payload: ZPayload, handle: async () => {} });
    const id = await enqueueJob(db, { kind: 'count', payload: { n: 'seven' } });

    expect(await runner.drain()).toBe(1);
    expect(await rowOf(db, id)).toMatchObject({ status: 'failed', failures: 1 });
  });

  it('claims a job again when the worker holding it died (its lease ran out)', async () => {
    const { db, runner } = await setup();
    const id = await enqueueJob(db, { kind: 'count', payload: { n: 3 } });
    // A worker claimed it and died: running, lease already over.
    await db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, id ?? -1));
    const seen: number[] = [];
    runner.register({ kind: 'count', payload: ZPayload, handle: async ({ n }) => void seen.push(n) });

    await runner.drain();

    expect(seen).toEqual([3]);
    expect(await rowOf(db, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('leaves a job alone while another worker holds its lease, and takes over orphans when exclusive', async () => {
    const { db, runner } = await setup();
    const id = await enqueueJob(db, { kind: 'count', payload: { n: 4 } });
    await db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(jobs.id, id ?? -1));
    const seen: number[] = [];
    runner.register({ kind: 'count', payload: ZPayload, handle: async ({ n }) => void seen.push(n) });

    expect(await runner.drain()).toBe(0);
    await runner.start({ exclusive: true });
    await expect.poll(async () => (await rowOf(db, id)).status).toBe('done');
    expect(seen).toEqual([4]);
  });

  it('runs a job enqueued while started without a drain, and two runners never run one job twice', async () => {
    const { db, runner } = await setup();
    const other = createJobRunner({ db, log, pollMs: 20 });
    onTestFinished(() => other.stop());
    const seen: number[] = [];
    for (const each of [runner, other]) {
      each.register({
        kind: 'count',
        payload: ZPayload,
        handle: async ({ n }) => {
          seen.push(n);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
    }
    for (let n = 0; n < 20; n += 1) await enqueueJob(db, { kind: 'count', payload: { n } });

    await Promise.all([runner.start(), other.start()]);
    await expect.poll(() => seen.length).toBe(20);
    await Promise.all([runner.stop(), other.stop()]);

    expect(new Set(seen).size).toBe(20);
  });
});

describe('job retention', () => {
  /** A job row as it stands `hoursAgo` after it finished (or was created, when still waiting). */
  async function insertJob(
    db: Database,
    status: 'queued' | 'running' | 'done' | 'failed',
    hoursAgo: number,
    count = 1,
  ): Promise<number[]> {
    const at = sql`now() - ${`${hoursAgo} hours`}::interval`;
    const rows = await db
      .insert(jobs)
      .values(
        Array.from({ length: count }, (_, n) => ({
          kind: 'count',
          payload: { n },
          status,
          createdAt: at,
          runAt: at,
          finishedAt: status === 'done' || status === 'failed' ? at : null,
          lastError: status === 'failed' ? 'provider down' : null,
        })),
      )
      .returning({ id: jobs.id });
    return rows.map((row) => row.id);
  }

  it('deletes succeeded jobs past the retention, in batches, and keeps failed and unfinished ones', async () => {
    const { db, runner } = await setup({ retentionMs: 24 * 60 * 60 * 1000 });
    const expired = await insertJob(db, 'done', 25, 1_201);
    const recent = await insertJob(db, 'done', 23);
    const failed = await insertJob(db, 'failed', 24 * 365);
    const waiting = await insertJob(db, 'queued', 24 * 30);
    const running = await insertJob(db, 'running', 24 * 30);

    expect(await runner.deleteExpired()).toBe(expired.length);
    const left = (await db.select({ id: jobs.id }).from(jobs)).map((row) => row.id).sort((a, b) => a - b);
    expect(left).toEqual([...recent, ...failed, ...waiting, ...running].sort((a, b) => a - b));
    expect(await runner.deleteExpired()).toBe(0);
  });

  it('sweeps on its own schedule once started', async () => {
    const { db, runner } = await setup({ retentionMs: 60 * 60 * 1000, retentionSweepMs: 20 });
    await runner.start();
    const kept = await insertJob(db, 'failed', 2);
    await insertJob(db, 'done', 2, 3);
    await expect
      .poll(async () => (await db.select({ id: jobs.id }).from(jobs)).map((row) => row.id), {
        timeout: 10_000,
      })
      .toEqual(kept);
  });
});

import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimitWindows } from '../../db/schema';
import { emptyTestDatabase } from '../../test/database';
import { createRateLimiter } from './rate-limiter';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function limiterOf(options: { limit: number; windowMs: number; sweepEvery?: number }) {
  const { db } = await emptyTestDatabase();
  const time = clock();
  return { db, time, limiter: createRateLimiter({ db, name: 'test', now: time.now, ...options }) };
}

describe('the rate limiter (in the database, shared by every API process)', () => {
  it('allows up to the limit per key within a window, then refuses with the seconds left', async () => {
    const { time, limiter } = await limiterOf({ limit: 3, windowMs: 60_000 });
    const allowed = [];
    for (let index = 0; index < 3; index += 1) allowed.push((await limiter.hit('a')).allowed);
    expect(allowed).toEqual([true, true, true]);
    time.advance(15_000);
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await limiter.hit('b')).toEqual({ allowed: true });
  });

  it('opens a fresh window once the old one has passed', async () => {
    const { time, limiter } = await limiterOf({ limit: 1, windowMs: 60_000 });
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
    time.advance(60_000);
    expect((await limiter.hit('a')).allowed).toBe(true);
  });

  it('never tells a caller to retry in less than one second', async () => {
    const { time, limiter } = await limiterOf({ limit: 1, windowMs: 60_000 });
    await limiter.hit('a');
    time.advance(59_900);
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('lets exactly the limit through when hits race (two processes share one count)', async () => {
    const { db, time } = await limiterOf({ limit: 5, windowMs: 60_000 });
    const one = createRateLimiter({ db, name: 'test', limit: 5, windowMs: 60_000, now: time.now });
    const other = createRateLimiter({ db, name: 'test', limit: 5, windowMs: 60_000, now: time.now });
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, index) => (index % 2 ? one : other).hit('shared')),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
  });

  it('deletes passed windows now and then, so the table does not grow without bound', async () => {
    const { db, time, limiter } = await limiterOf({ limit: 1, windowMs: 60_000, sweepEvery: 50 });
    for (let index = 0; index < 49; index += 1) await limiter.hit(`key-${index}`);
    time.advance(60_001);
    await limiter.hit('late');
    const [row] = await db.select({ rows: count() }).from(rateLimitWindows);
    expect(row?.rows).toBe(1);
  });

  it('rejects a limit below one', () => {
    expect(() => createRateLimiter({ db: {} as never, name: 'x', limit: 0, windowMs: 1_000 })).toThrow(
      RangeError,
    );
  });
});

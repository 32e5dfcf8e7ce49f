import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitWindows } from '../../db/schema';

// The rate limiter's fixed windows, one row per key (rate-limiter.ts counts with them).

/** Deletes the windows that passed before `now`. */
export async function deletePassedWindows(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.resetAt, now));
}

/**
 * Counts one hit of the key in one atomic upsert: a passed window starts again at one (until
 * `fresh`); a running one counts up, stopping at one past the limit (refused requests do not count).
 * Its count and reset time after the hit.
 */
export async function countWindowHit(
  db: Database,
  hit: { key: string; limit: number; now: Date; fresh: Date },
): Promise<{ count: number; resetAt: Date } | undefined> {
  const passed = sql`${rateLimitWindows.resetAt} <= ${hit.now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimitWindows)
    .values({ key: hit.key, count: 1, resetAt: hit.fresh })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        count: sql`case when ${passed} then 1 else least(${rateLimitWindows.count} + 1, ${hit.limit + 1}) end`,
        resetAt: sql`case when ${passed} then excluded.reset_at else ${rateLimitWindows.resetAt} end`,
      },
    })
    .returning({ count: rateLimitWindows.count, resetAt: rateLimitWindows.resetAt });
  return row;
}

import type { Database } from '../../db/client';
import { countWindowHit, deletePassedWindows } from './rate-limit-repo';

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiterOptions {
  db: Database;
  /** Namespaces the keys: 'auth-ip', 'auth-email', … */
  name: string;
  /** Requests allowed per key in one window. */
  limit: number;
  windowMs: number;
  /** Injectable clock for tests. */
  now?: () => number;
  /** Passed windows are deleted once every this many hits (default 200). */
  sweepEvery?: number;
}

export interface RateLimiter {
  /** Counts one request for the key and says whether it may go ahead. */
  hit(key: string): Promise<RateLimitDecision>;
}

/**
 * A fixed-window counter per key, kept in the database: every API process sharing it spends the
 * same budget (an in-memory counter would give each process its own). One upsert per hit, atomic
 * per key, so parallel requests cannot both take the last slot.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError('limit must be at least 1');
  if (!(options.windowMs > 0)) throw new RangeError('windowMs must be positive');
  const { db, limit, windowMs } = options;
  const clock = options.now ?? Date.now;
  const sweepEvery = options.sweepEvery ?? 200;
  let hits = 0;

  return {
    async hit(key) {
      const now = new Date(clock());
      const fresh = new Date(now.getTime() + windowMs);
      hits += 1;
      if (hits % sweepEvery === 0) await deletePassedWindows(db, now);
      // Refused requests do not count: the window's count stops at one past the limit.
      const row = await countWindowHit(db, { key: `${options.name}:${key}`, limit, now, fresh });
      if (!row || row.count <= limit) return { allowed: true };
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
      };
    },
  };
}

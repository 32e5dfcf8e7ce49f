import { describe, expect, it } from 'vitest';
import { FixedWindowRateLimiter } from './rate-limiter';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('FixedWindowRateLimiter', () => {
  it('allows up to the limit per key within a window, then refuses with the seconds left', () => {
    const time = clock();
    const limiter = new FixedWindowRateLimiter({ limit: 3, windowMs: 60_000, now: time.now });

    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    time.advance(15_000);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.hit('b')).toEqual({ allowed: true });
  });

  it('opens a fresh window once the old one has passed', () => {
    const time = clock();
    const limiter = new FixedWindowRateLimiter({ limit: 1, windowMs: 1_000, now: time.now });

    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
    time.advance(1_000);
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('never tells a caller to retry in less than one second', () => {
    const time = clock();
    const limiter = new FixedWindowRateLimiter({ limit: 1, windowMs: 1_000, now: time.now });
    limiter.hit('a');
    time.advance(999.5);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('forgets keys whose window has passed, so memory does not grow without bound', () => {
    const time = clock();
    const limiter = new FixedWindowRateLimiter({ limit: 1, windowMs: 1_000, now: time.now });
    for (let i = 0; i < 100; i += 1) limiter.hit(`key-${i}`);
    expect(limiter.size).toBe(100);
    time.advance(1_000);
    limiter.hit('late');
    expect(limiter.size).toBe(1);
  });

  it('rejects a limit below one', () => {
    expect(() => new FixedWindowRateLimiter({ limit: 0, windowMs: 1_000 })).toThrow(RangeError);
  });
});

/**
 * The short soak in `npm test` (the long one is `pnpm soak`): about 20 s of mixed reads and writes
 * against the real API process, which must answer every one and not grow without bound.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeSoak, runSoak } from '../soak';
import { type Session, type Stack, signInOverHttp, startStack } from '../stack';

const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
let stack: Stack;
let demo: Session;

beforeAll(async () => {
  stack = await startStack({ databaseUrl });
  await stack.startApi();
  demo = await signInOverHttp(stack.apiUrl, 'demo@example.com');
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

it(`answers a steady mix of reads and writes without an error and without unbounded growth (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, async () => {
  const result = await runSoak(stack, demo.cookie ?? '', { seconds: 20, rate: 25 });
  console.log(describeSoak(result, databaseUrl ? 'PostgreSQL' : 'PGlite'));
  expect(result.errors).toEqual([]);
  expect(result.failures).toBe(0);
  // Every kind of request ran (a mix that silently lost its writes would pass otherwise).
  for (const [name, count] of Object.entries(result.operations)) expect(count.sent, name).toBeGreaterThan(0);
  // Warmed up, the process stays within a bound: a leak of even a few kB per request passes it.
  expect(result.memoryMb.end - result.memoryMb.afterWarmup).toBeLessThan(64);
}, 180_000);

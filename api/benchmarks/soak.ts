/**
 * `pnpm soak`: a bounded soak of the real API process (built api/dist on plain node, with its dev
 * chain and sandbox provider, on a fresh data directory), mixed reads and writes at a steady rate
 * on loopback, the API's memory sampled. Prints the errors (or none), p50/p99 and the memory at
 * start, peak and end with its slope; exits 1 on any error. See api/src/test/soak.ts.
 *
 *   pnpm soak [--seconds 180] [--rate 40] [--postgres]
 */
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres.mjs';
import { describeSoak, runSoak } from '../src/test/soak';
import { signInOverHttp, startStack } from '../src/test/stack';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(argv[index + 1]);
};
const seconds = option('seconds', 180);
const rate = option('rate', 40);
const postgres = argv.includes('--postgres') ? await startThrowawayPostgres() : null;
if (argv.includes('--postgres') && !postgres) throw new Error('PostgreSQL (initdb, pg_ctl) is not installed');

const stack = await startStack({ databaseUrl: postgres?.url });
let code = 1;
try {
  await stack.startApi();
  const demo = await signInOverHttp(stack.apiUrl, 'demo@example.com');
  console.log(`Soaking for ${seconds} s at ${rate} requests/s…`);
  const result = await runSoak(stack, demo.cookie ?? '', { seconds, rate });
  console.log(describeSoak(result, postgres ? 'PostgreSQL (throwaway server)' : 'embedded PGlite'));
  code = result.failures === 0 ? 0 : 1;
} finally {
  await stack.stop();
  await postgres?.stop();
}
process.exit(code);

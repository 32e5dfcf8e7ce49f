/**
 * The API suite on both databases it supports:
 *   1. the embedded PGlite;
 *   2. PostgreSQL: TEST_DATABASE_URL when set, else a throwaway server (skipped when PostgreSQL
 *      is not installed).
 * Extra arguments go to vitest (e.g. a file filter; `--project processes` runs the tests of real
 * API processes instead of the api project). Exits non-zero when any run fails.
 *
 * The two runs go side by side (each line prefixed with its database): the PostgreSQL run spends much
 * of its time waiting on the server, which the PGlite run uses; one after the other they took 9.7
 * minutes of `npm test`. So do the processes project's two runs (within each, one file at a time:
 * its files start real API processes on free ports; side by side 106 s, one after the other 137 s).
 * API_TESTS_ONE_AT_A_TIME=1 runs them one after the other.
 *
 *   node scripts/test-api.mjs [vitest args]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureSection, relay } from './lib/relay.mjs';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const extraArgs = process.argv.slice(2);
const projectArgs = extraArgs.includes('--project') ? [] : ['--project', 'api'];

const children = new Set();
let throwaway = null;
const sideBySide = process.env.API_TESTS_ONE_AT_A_TIME !== '1';
/** Each side-by-side run's failures, repeated after the summary (its own output is interleaved). */
const failures = new Map();

function runSuite(label, testDatabaseUrl, tag = '', vitestArgs = []) {
  console.log(`\n▶ API tests on ${label}\n`);
  const env = { ...process.env };
  if (testDatabaseUrl) env.TEST_DATABASE_URL = testDatabaseUrl;
  else delete env.TEST_DATABASE_URL;
  return new Promise((resolve) => {
    const child = spawn(vitest, ['run', ...projectArgs, ...vitestArgs, ...extraArgs], {
      cwd: root,
      env,
      stdio: tag ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    children.add(child);
    if (tag) {
      const section = failureSection();
      failures.set(label, section);
      relay(child.stdout, process.stdout, tag, section.onLine);
      relay(child.stderr, process.stderr, tag, section.onLine);
    }
    child.on('error', (error) => {
      console.error(`Could not run ${vitest}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    for (const child of children) child.kill(signal);
    await throwaway?.stop();
    process.exit(130);
  });
}

function describeUrl(url) {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

const results = [];
try {
  // The PostgreSQL run's database: TEST_DATABASE_URL, else a throwaway server (none: PGlite only).
  const given = process.env.TEST_DATABASE_URL;
  let postgres = null;
  if (given) postgres = { label: `PostgreSQL from TEST_DATABASE_URL (${describeUrl(given)})`, url: given };
  else {
    try {
      throwaway = await startThrowawayPostgres();
    } catch (error) {
      console.error(`\nCould not start a throwaway PostgreSQL:\n${error.message}`);
      results.push(['throwaway PostgreSQL (failed to start)', 1]);
    }
    if (throwaway) postgres = { label: `throwaway PostgreSQL (${throwaway.url})`, url: throwaway.url };
    else if (results.length === 0)
      console.log('\nPostgreSQL run skipped: no initdb found (install PostgreSQL or set TEST_DATABASE_URL).');
  }

  const pglite = 'PGlite (in memory)';
  if (sideBySide && postgres) {
    const [first, second] = await Promise.all([
      // PGlite's run is the longer one (the database works in the test process itself): two files at
      // a time, so it takes over the second core when the PostgreSQL run is done.
      runSuite(pglite, undefined, '[pglite] ', ['--maxWorkers=2']),
      runSuite(postgres.label, postgres.url, '[postgres] '),
    ]);
    results.push([pglite, first], [postgres.label, second]);
  } else {
    results.push([pglite, await runSuite(pglite)]);
    if (postgres) results.push([postgres.label, await runSuite(postgres.label, postgres.url)]);
  }
} finally {
  await throwaway?.stop();
  throwaway = null;
}

console.log('\nAPI test runs:');
for (const [label, code] of results) console.log(`  ${code === 0 ? '✔' : '✘'} ${label}`);
for (const [label, code] of results) {
  const lines = failures.get(label)?.lines() ?? [];
  if (code !== 0 && lines.length > 0) console.log(`\nWhat failed on ${label}:\n${lines.join('\n')}`);
}
process.exit(results.every(([, code]) => code === 0) ? 0 : 1);

/**
 * The API suite on both databases it supports:
 *   1. the embedded PGlite;
 *   2. PostgreSQL: TEST_DATABASE_URL when set, else a throwaway server (skipped when PostgreSQL
 *      is not installed).
 * Extra arguments go to vitest (e.g. a file filter; `--project processes` runs the tests of real
 * API processes instead of the api project). Exits non-zero when any run fails.
 *
 *   node shell/scripts/test-api.mjs [vitest args]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
const extraArgs = process.argv.slice(2);
const projectArgs = extraArgs.includes('--project') ? [] : ['--project', 'api'];

let child = null;
let throwaway = null;

function runSuite(label, testDatabaseUrl) {
  console.log(`\n▶ API tests on ${label}\n`);
  const env = { ...process.env };
  if (testDatabaseUrl) env.TEST_DATABASE_URL = testDatabaseUrl;
  else delete env.TEST_DATABASE_URL;
  return new Promise((resolve) => {
    child = spawn(vitest, ['run', ...projectArgs, ...extraArgs], { cwd: root, env, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`Could not run ${vitest}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    child?.kill(signal);
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
  results.push(['PGlite (in memory)', await runSuite('PGlite (in memory)')]);

  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    const label = `PostgreSQL from TEST_DATABASE_URL (${describeUrl(given)})`;
    results.push([label, await runSuite(label, given)]);
  } else {
    try {
      throwaway = await startThrowawayPostgres();
    } catch (error) {
      console.error(`\nCould not start a throwaway PostgreSQL:\n${error.message}`);
      results.push(['throwaway PostgreSQL (failed to start)', 1]);
    }
    if (throwaway) {
      const label = `throwaway PostgreSQL (${throwaway.url})`;
      results.push([label, await runSuite(label, throwaway.url)]);
    } else if (results.length === 1) {
      console.log('\nPostgreSQL run skipped: no initdb found (install PostgreSQL or set TEST_DATABASE_URL).');
    }
  }
} finally {
  await throwaway?.stop();
  throwaway = null;
}

console.log('\nAPI test runs:');
for (const [label, code] of results) console.log(`  ${code === 0 ? '✔' : '✘'} ${label}`);
process.exit(results.every(([, code]) => code === 0) ? 0 : 1);

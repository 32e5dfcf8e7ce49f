#!/usr/bin/env node
// API read latency at a fixed arrival rate (open loop, ./open-loop.mjs: requests are sent on schedule
// whether or not earlier ones have answered, so a slow server shows up as latency, not as a lower rate).
// Starts the real API process as production runs it (node api/dist/main.js: run `pnpm --filter @dash/api
// build` first) on a fresh embedded database, or on a throwaway
// PostgreSQL with --postgres, signs the demo user in, then for each read endpoint prints
// achieved rate, p50, p90, p99 and max (GET messages and the first page of the seeded 5,000-message
// thread included). Figures only: it asserts nothing.
//
//   node api/benchmarks/reads.mjs [--postgres] [--rate 2000] [--seconds 10] [--only messages] [--profile DIR]
//
// --profile DIR: the API process writes a V8 CPU profile there when it exits (open it in Chrome DevTools).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres.mjs';
import { openLoop, percentile } from './open-loop.mjs';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(argv[index + 1]);
};
const rate = option('rate', 2000);
const seconds = option('seconds', 10);
const usePostgres = argv.includes('--postgres');
// --only messages: just the endpoints whose label contains that text.
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const profileDir = argv.includes('--profile') ? argv[argv.indexOf('--profile') + 1] : undefined;
// --json FILE: the figures are also written there (pnpm bench reads them).
const jsonFile = argv.includes('--json') ? argv[argv.indexOf('--json') + 1] : undefined;
const results = [];
const port = 4900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(join(tmpdir(), 'dash-bench-api-'));

const postgres = usePostgres ? await startThrowawayPostgres() : null;
if (usePostgres && !postgres) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) were not found');
const env = {
  ...process.env,
  API_PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_IP: '1000',
  // Any free port: the benchmark's API must not take another stack's inbound SMTP port.
  INBOUND_SMTP_PORT: '0',
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
};
if (!existsSync(join(API_DIR, 'dist', 'main.js')))
  throw new Error('Build the API first: pnpm --filter @dash/api build');
spawnSync(process.execPath, ['dist/seed-cli.js'], {
  cwd: API_DIR,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const api = spawn(
  process.execPath,
  [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), 'dist/main.js'],
  {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function request(method, path, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/api/v0/${path}`,
        agent,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(JSON.stringify(body));
    req.end();
  });
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await request('GET', 'health')).status === 200) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the API did not start');
}

async function signIn() {
  await request('POST', 'auth', { body: { email: 'demo@example.com' } });
  const mails = JSON.parse((await request('GET', 'dev/mailbox')).text);
  const token = new URL(mails[0].links[0]).pathname.split('/').pop();
  const verified = await request('POST', `auth/${token}`, { body: {} });
  const cookie = String(verified.headers['set-cookie']).split(';')[0];
  const organizations = JSON.parse(
    (await request('GET', 'me/organizations', { headers: { cookie } })).text,
  ).data;
  return { cookie, organizationUid: organizations[0].uid };
}

/** An Editor API key of the organization, made by the signed-in Admin: the same reads, by key. */
async function createApiKey(cookie, organizationUid) {
  const created = await request('POST', 'organization/api-keys', {
    headers: { cookie, 'x-organization-uid': organizationUid },
    body: { name: 'Benchmark', role: 'Editor' },
  });
  if (created.status !== 201) throw new Error(`could not create an API key: ${created.text}`);
  return JSON.parse(created.text).data.secret;
}

async function drive(label, path, headers, { record = true, duration = seconds } = {}) {
  const { latencies, elapsed, failures } = await openLoop({
    port,
    rate,
    seconds: duration,
    headers,
    path: `/api/v0/${path}`,
  });
  if (!record) return;
  const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
  results.push({
    label,
    rate: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  });
  console.log(
    `  ${label.padEnd(22)} ${String(Math.round(latencies.length / elapsed)).padStart(5)} req/s  p50 ${ms(percentile(latencies, 50))}  p90 ${ms(percentile(latencies, 90))}  p99 ${ms(percentile(latencies, 99))}  max ${ms(latencies.at(-1))}  failed ${failures}`,
  );
}

try {
  await waitForHealth();
  const { cookie, organizationUid } = await signIn();
  const withOrg = { cookie, 'x-organization-uid': organizationUid };
  // Each key case right after its session case: a request by key must cost no more than one by
  // session. (The first case measured on a freshly seeded PostgreSQL runs beside its autovacuum.)
  const withKey = { authorization: `Bearer ${await createApiKey(cookie, organizationUid)}` };
  console.log(
    `\nAPI reads at ${rate} req/s for ${seconds} s each, on ${postgres ? 'PostgreSQL (throwaway server)' : 'embedded PGlite'}`,
  );
  // The seeded long thread (SEED_LONG_THREAD_MESSAGES, 5,000 by default): its first page is the newest 50.
  const threads = JSON.parse((await request('GET', 'messages', { headers: withOrg })).text).data;
  const longest = threads.reduce((a, b) => (b.messageCount > a.messageCount ? b : a));
  const endpoints = [
    ['GET me', 'me', { cookie }],
    ['GET me/organizations', 'me/organizations', { cookie }],
    ['GET organization', 'organization', withOrg],
    ['GET organization (key)', 'organization', withKey],
    ['GET remotes', 'remotes', {}],
    ['GET messages', 'messages', withOrg],
    ['GET messages (key)', 'messages', withKey],
    [`GET messages/{uid}`, `messages/${longest.uid}`, withOrg],
  ];
  console.log(`  (messages/{uid}: "${longest.name}", ${longest.messageCount} messages, first page)`);
  for (const [label, path, headers] of endpoints.filter(([label]) => !only || label.includes(only))) {
    // 2 s at the same rate first, not recorded: connection pools, prepared statements and the JIT warm up.
    await drive(label, path, headers, { record: false, duration: 2 });
    await drive(label, path, headers);
  }
  console.log("  (load generator, API and database share this machine's 2 cores)\n");
  if (jsonFile)
    writeFileSync(jsonFile, JSON.stringify({ rate, database: postgres ? 'postgres' : 'pglite', results }));
} finally {
  const exited = new Promise((resolve) => api.once('exit', resolve));
  api.kill('SIGTERM');
  agent.destroy();
  // Its orderly stop (and the CPU profile, with --profile) before the database goes away.
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

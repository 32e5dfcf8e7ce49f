/**
 * The product as `npm start` runs it, for tests that need real processes (the crash harness, the
 * soak): the built API (api/dist/main.js on plain node), the dev chain and the sandbox provider,
 * each its own process on a free 127.0.0.1 port, sharing one temporary DATA_DIR, seeded once with
 * api/dist/seed-cli.js. The database is PGlite under DATA_DIR, or with `databaseUrl` (an admin URL,
 * e.g. TEST_DATABASE_URL) a database of its own created on that server and dropped by stop().
 *
 * The API can be started, killed (SIGKILL, or its own CRASH_AT kill point: src/crash-point.ts) and
 * started again on the same data any number of times. Needs `pnpm --filter @dash/api build`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '@dash/shared/contracts';
import type { CrashPoint } from '../crash-point';
import { type AppDatabase, openPglite, openPostgres } from '../db/client';
import { openImagePglite } from './pglite-image';
import { withAdminClient } from './postgres-admin';

const API_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = path.join(API_ROOT, 'dist');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  name: string;
  child: ChildProcess;
  /** The last lines it printed (stdout and stderr). */
  log: string[];
  /** Resolves with the signal or exit code once it is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The caller's environment without what would point a process elsewhere or arm a kill point. */
function baseEnvironment(): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'CRASH_AT',
    'SMTP_URL',
    'BLOB_STORE_URL',
    'WALLET_CHAIN',
    'WALLET_RPC_URL',
  ]) {
    delete base[name];
  }
  return base;
}

function startProcess(name: string, script: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(DIST, script)], {
    cwd: API_ROOT,
    env: { ...baseEnvironment(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(...chunk.toString().split('\n').filter(Boolean));
    if (log.length > 400) log.splice(0, log.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { name, child, log, exited };
}

const isGone = (running: RunningProcess) =>
  running.child.exitCode !== null || running.child.signalCode !== null;

async function waitUntil(
  running: RunningProcess,
  ready: () => Promise<boolean> | boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isGone(running)) {
      throw new Error(`${running.name} exited during start-up:\n${running.log.slice(-30).join('\n')}`);
    }
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${running.name} was not ready within ${timeoutMs / 1000} s:\n${running.log.slice(-30).join('\n')}`,
  );
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function stopProcess(
  running: RunningProcess | null,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!running || isGone(running)) return;
  running.child.kill(signal);
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
  await running.exited;
  clearTimeout(timer);
}

export interface ApiProcess extends RunningProcess {
  /** Kills it at once (SIGKILL) and waits until it is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown main.ts does. */
  stop(): Promise<void>;
  /** Its process id (the soak samples its memory from /proc). */
  pid: number;
}

export interface Stack {
  dataDir: string;
  /** http://localhost:<port> (PUBLIC_URL: its origin is the allowed one). */
  baseUrl: string;
  apiUrl: string;
  sandboxUrl: string;
  chainUrl: string;
  database: 'pglite' | 'postgres';
  /** Starts the API (migrations run at its start) and waits for GET /health; `crashAt` arms a kill point. */
  startApi(options?: { crashAt?: CrashPoint; env?: Record<string, string> }): Promise<ApiProcess>;
  /** The API as last started (null before the first start). */
  readonly api: ApiProcess | null;
  /** Opens the database the API uses; stop the API first on PGlite (one process at a time). */
  openDatabase(): Promise<AppDatabase>;
  /** Stops everything and deletes the data (and the PostgreSQL database). */
  stop(): Promise<void>;
}

export interface StackOptions {
  /** An admin URL of a PostgreSQL server; undefined: PGlite under DATA_DIR. */
  databaseUrl?: string | undefined;
  /** Extra environment of the API and the seed (e.g. SANDBOX_REVIEW_SECONDS goes to the sandbox). */
  env?: Record<string, string>;
  /** Seconds before the sandbox reviews an onboarding by itself (default 1). */
  sandboxReviewSeconds?: number;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  if (!existsSync(path.join(DIST, 'main.js'))) {
    throw new Error('api/dist is missing: run `pnpm --filter @dash/api build` first');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dash-stack-'));
  const [apiPort, chainPort, sandboxPort, smtpPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  let databaseName: string | null = null;
  let databaseUrl: string | undefined;
  if (options.databaseUrl) {
    databaseName = `stack_${randomBytes(6).toString('hex')}`;
    await withAdminClient(options.databaseUrl, (client) => client.query(`create database "${databaseName}"`));
    const url = new URL(options.databaseUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const baseUrl = `http://localhost:${apiPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const chainUrl = `http://127.0.0.1:${chainPort}`;
  const apiEnv: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    API_HOST: '127.0.0.1',
    API_PORT: String(apiPort),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DEV_CHAIN_PORT: String(chainPort),
    SANDBOX_PROVIDER_URL: sandboxUrl,
    INBOUND_SMTP_PORT: String(smtpPort),
    SEED_LONG_THREAD_MESSAGES: '0',
    // Signed upload links survive a restart (the default key is per process).
    UPLOAD_SECRET: randomBytes(32).toString('hex'),
    // A job of a killed process is claimed again after 2 s on PostgreSQL (PGlite: at once).
    JOB_LEASE_MS: '2000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  };
  const others: RunningProcess[] = [];
  let api: ApiProcess | null = null;

  const stop = async () => {
    await stopProcess(api);
    await Promise.all(others.map((running) => stopProcess(running)));
    if (options.databaseUrl && databaseName) {
      const name = databaseName;
      databaseName = null;
      await withAdminClient(options.databaseUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ).catch(() => undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const chain = startProcess('dev-chain', 'dev-chain.js', {
      DEV_CHAIN_PORT: String(chainPort),
      DATA_DIR: dataDir,
    });
    others.push(chain);
    const sandbox = startProcess('sandbox-provider', 'sandbox-provider.js', {
      SANDBOX_PROVIDER_PORT: String(sandboxPort),
      DEV_CHAIN_PORT: String(chainPort),
      SANDBOX_REVIEW_SECONDS: String(options.sandboxReviewSeconds ?? 1),
      DATA_DIR: dataDir,
    });
    others.push(sandbox);
    // The embedded database starts from a migrated cluster image, not initdb (test/pglite-image.ts).
    if (!databaseUrl) await (await openImagePglite('migrated', path.join(dataDir, 'pglite'))).close();
    const seed = startProcess('seed', 'seed-cli.js', apiEnv);
    const seeded = await seed.exited;
    if (seeded.code !== 0) throw new Error(`Seeding failed:\n${seed.log.slice(-30).join('\n')}`);
    await Promise.all([
      waitUntil(chain, () => chain.log.some((line) => line.startsWith('Dev chains ready'))),
      waitUntil(sandbox, () => answers(`${sandboxUrl}/v1/health`)),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    dataDir,
    baseUrl,
    apiUrl: `${baseUrl}${API_PREFIX}`,
    sandboxUrl,
    chainUrl,
    database: databaseUrl ? 'postgres' : 'pglite',
    get api() {
      return api;
    },
    async startApi({ crashAt, env } = {}) {
      if (api && !isGone(api)) throw new Error('The API is already running');
      const running = startProcess('api', 'main.js', {
        ...apiEnv,
        ...env,
        ...(crashAt ? { CRASH_AT: crashAt } : {}),
      });
      const started: ApiProcess = {
        ...running,
        pid: running.child.pid ?? 0,
        kill: () => stopProcess(running, 'SIGKILL'),
        stop: () => stopProcess(running, 'SIGTERM'),
      };
      api = started;
      await waitUntil(running, () => answers(`${baseUrl}${API_PREFIX}/health`));
      return started;
    },
    openDatabase() {
      if (databaseUrl) return openPostgres(databaseUrl, { max: 2 });
      return openPglite(path.join(dataDir, 'pglite'));
    },
    stop,
  };
}

/** A caller of the API over HTTP with a cookie jar of one session (what a browser keeps). */
export interface Session {
  cookie: string | null;
  request(
    method: string,
    pathname: string,
    options?: { body?: unknown; headers?: Record<string, string>; raw?: Buffer; organization?: string },
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers, which the tests assert field by field.
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

export function session(apiUrl: string): Session {
  const caller: Session = {
    cookie: null,
    async request(method, pathname, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (caller.cookie) headers.cookie = caller.cookie;
      if (options.organization) headers['x-organization-uid'] = options.organization;
      let body: string | Buffer | undefined;
      if (options.raw) body = options.raw;
      else if (options.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(options.body);
      }
      const url = pathname.startsWith('http') ? pathname : `${apiUrl}${pathname}`;
      const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
      const setCookie = response.headers.getSetCookie?.() ?? [];
      for (const line of setCookie) {
        const [pair = ''] = line.split(';');
        const value = pair.slice(pair.indexOf('=') + 1);
        caller.cookie = value === '' ? null : pair;
      }
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {}
      return { status: response.status, body: parsed, headers: response.headers };
    },
  };
  return caller;
}

/** Signs `email` in through the outbox (POST auth, the link in GET dev/mailbox, POST auth/{token}). */
export async function signInOverHttp(apiUrl: string, email: string): Promise<Session> {
  const caller = session(apiUrl);
  const asked = await caller.request('POST', '/auth', { body: { email } });
  if (asked.status !== 202)
    throw new Error(`POST /auth answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  const mailbox = await caller.request('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = (mailbox.body as { links: string[] }[])[0]?.links.find((url) => url.includes('/auth/'));
  if (!link) throw new Error(`No sign-in link for ${email}`);
  const token = new URL(link).pathname.split('/').pop();
  const verified = await caller.request('POST', `/auth/${token}`, { body: {} });
  if (verified.status !== 200 || !caller.cookie) {
    throw new Error(`POST /auth/{token} answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  }
  return caller;
}

/** Polls `check` until it returns a value (not undefined) or the time is up. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

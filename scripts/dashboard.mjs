#!/usr/bin/env node
// `npm start`: installs (when needed), builds the shell, the four remotes and the API, migrates and
// seeds the database once, then runs the production servers, as if each were deployed on its own:
// the API process serves the dashboard origin (the shell's build and /api/v0, no proxy hop) and each
// remote is served from its own origin by api/dist/remote-server.js. Everything runs on plain node.
// Ctrl-C stops everything it started.
//
// Ports all follow PORT (default 3000): the dashboard origin on PORT, remotes on PORT+11..PORT+14,
// the local EVM dev chains (api/dev-chain: anvil nodes for arbitrum-sepolia and polygon-amoy, kept
// in DATA_DIR/dev-chain) on PORT+20 and PORT+21 unless WALLET_CHAIN names a public chain, inbound SMTP on PORT+25 (127.0.0.1), and the sandbox provider
// (api/sandbox-provider, kept in DATA_DIR/sandbox-provider) on PORT+30 (127.0.0.1).
// The API also serves release pins (`pnpm release`, DATA_DIR/releases): a pinned remote is loaded
// from http://localhost:PORT/releases/…, an unpinned one from its own server.
// Flags: --skip-build (use the existing dist/ folders), --quiet (no child output unless it fails).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ROOT } from './ensure-install.mjs';
import { stopGroups } from './lib/stop-groups.mjs';

const REMOTES = ['remote-messages', 'remote-wallet', 'remote-rails', 'remote-settings'];
const args = new Set(process.argv.slice(2));
const quiet = args.has('--quiet');

const port = Number(process.env.PORT ?? 3000);
const smtpPort = Number(process.env.INBOUND_SMTP_PORT ?? port + 25);
const dataDir = process.env.DATA_DIR ?? join(ROOT, '.data');
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const releasesPublicUrl = process.env.RELEASES_PUBLIC_URL ?? `http://localhost:${port}/releases`;
const remotePort = (index) => port + 11 + index;
const devChainPort = Number(process.env.DEV_CHAIN_PORT ?? port + 20);
const usesDevChain = (process.env.WALLET_CHAIN ?? 'dev') === 'dev';
const sandboxPort = Number(process.env.SANDBOX_PROVIDER_PORT ?? port + 30);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const version = (pkg) => JSON.parse(readFileSync(join(ROOT, pkg, 'package.json'), 'utf8')).version;

const exited = (child) => child.exitCode !== null || child.signalCode !== null;
const bin = (pkg, name) => join(ROOT, pkg, 'node_modules', '.bin', name);
const children = new Map();
let stopping = false;

function run(label, command, argv, options = {}) {
  const result = spawnSync(command, argv, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    // The services started before it (the dev chain, the sandbox provider) go too (main's catch):
    // in their own process groups, they would outlive the launcher and hold their ports against the
    // next start.
    throw Object.assign(new Error(`${label} failed (${result.signal ?? `exit ${result.status}`}).`), {
      exitCode: result.status ?? 1,
    });
  }
}

/**
 * Once everything has started, a process that fails (a crash, an error exit, kill -9) is started
 * again, as systemd's Restart=on-failure does: after 1 s, doubling up to 30 s while it keeps failing
 * within 10 s of starting, and not after 5 such failures in a row. A process stopped on purpose
 * (SIGTERM or SIGINT, e.g. a test stopping a remote's server, or exit 0) stays stopped; SIGUSR2
 * starts stopped remotes again. Every service keeps its state in DATA_DIR, so a restart resumes it.
 */
const RESTART = { firstDelayMs: 1_000, maxDelayMs: 30_000, quickFailureMs: 10_000, maxQuickFailures: 5 };
let ready = false;

function restartLater(record, code, signal) {
  if (!ready || signal === 'SIGTERM' || signal === 'SIGINT' || code === 0) return;
  const quick = Date.now() - record.startedAt < RESTART.quickFailureMs;
  const quickFailures = quick ? record.quickFailures + 1 : 0;
  if (quickFailures >= RESTART.maxQuickFailures) {
    console.error(
      `[${record.name}] failed ${quickFailures} times in a row soon after starting; not starting it again.`,
    );
    return;
  }
  const delay = Math.min(RESTART.maxDelayMs, RESTART.firstDelayMs * 2 ** quickFailures);
  console.error(`[${record.name}] starting again in ${delay / 1000} s.`);
  setTimeout(() => {
    if (stopping || children.get(record.name) !== record) return;
    const { name, command, argv, cwd, env } = record;
    start(name, command, argv, { cwd, env }, quickFailures);
  }, delay);
}

function start(name, command, argv, { cwd, env }, quickFailures = 0) {
  const child = spawn(command, argv, {
    cwd,
    env: { ...process.env, ...env },
    detached: true, // its own process group, so stopping it stops what it spawned too
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const record = { name, command, argv, cwd, env, child, log: [], startedAt: Date.now(), quickFailures };
  const forward = (stream, out) =>
    stream.on('data', (chunk) => {
      const lines = chunk.toString().split('\n').filter(Boolean);
      record.log.push(...lines);
      if (record.log.length > 200) record.log.splice(0, record.log.length - 200);
      if (!quiet) for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping || children.get(name) !== record) return;
    console.error(`[${name}] stopped (${signal ?? `exit ${code}`}).`);
    if (quiet) console.error(record.log.slice(-20).join('\n'));
    restartLater(record, code, signal);
  });
  children.set(name, record);
  writeProcesses();
  return record;
}

/** The running processes, so tests can stop one remote and ask for it back (SIGUSR2). */
function writeProcesses() {
  const processes = Object.fromEntries(
    [...children.values()].map(({ name, child, env }) => [
      name,
      { pid: child.pid, port: Number(env.PORT ?? 0) },
    ]),
  );
  writeFileSync(
    join(dataDir, 'processes.json'),
    JSON.stringify({ launcher: process.pid, processes }, null, 2),
  );
}

/**
 * Stops every started process's group (each is detached: stopping it stops what it spawned) and
 * exits once they have: SIGTERM, then SIGKILL for what still runs after 10 s. Exiting at once left
 * an API whose shutdown hung running on after the launcher, against a data directory its caller
 * then removed (seen after a `pnpm bench` run, 10 minutes on).
 */
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  stopGroups([...children.values()].map(({ child }) => child)).then(
    (killed) => {
      if (killed > 0) console.error(`${killed} process group(s) did not stop within 10 s: killed.`);
      process.exit(code);
    },
    () => process.exit(code),
  );
}

async function waitFor(url, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const record = children.get(name);
    if (record && exited(record.child)) {
      throw new Error(`${name} exited during start-up:\n${record.log.slice(-30).join('\n')}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

const node = process.execPath;
const apiDist = join(ROOT, 'api', 'dist');

/** Waits for a line the process prints once it is ready (the dev chain: after its contracts are deployed). */
async function waitForLine(name, pattern, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const record = children.get(name);
    if (record && exited(record.child)) {
      throw new Error(`${name} exited during start-up:\n${record.log.slice(-30).join('\n')}`);
    }
    if (record?.log.some((line) => pattern.test(line))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s`);
}

function startRemote(name, index) {
  return start(name, node, [join(apiDist, 'remote-server.js')], {
    cwd: ROOT,
    env: {
      PORT: String(remotePort(index)),
      REMOTE_DIST_DIR: join(ROOT, name, 'dist'),
      DASHBOARD_ORIGINS: new URL(publicUrl).origin,
    },
  });
}

async function main() {
  ensureInstalled();
  mkdirSync(dataDir, { recursive: true });

  if (!args.has('--skip-build')) {
    console.log('Building the shell, the four remotes and the API…');
    run(
      'Build',
      bin('.', 'pnpm'),
      ['-r', '--filter', 'shell', '--filter', 'remote-*', '--filter', '@dash/api', 'run', 'build'],
      {
        stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
      },
    );
  }

  if (usesDevChain) {
    // First, so it starts while the database is seeded.
    start('dev-chain', node, [join(apiDist, 'dev-chain.js')], {
      cwd: join(ROOT, 'api'),
      env: { PORT: String(devChainPort), DEV_CHAIN_PORT: String(devChainPort), DATA_DIR: dataDir },
    });
  }

  // The sandbox provider: its own process and state, moving the test tokens on the dev chains (none
  // when WALLET_CHAIN names a public chain). SANDBOX_REVIEW_SECONDS, SANDBOX_PROVIDER_KEYS,
  // SANDBOX_WEBHOOK_SECRET, SANDBOX_WEBHOOK_URL, SANDBOX_CHAINS and SANDBOX_CONFIRMATIONS pass
  // through from the environment (the API reads the same keys and secret).
  start('sandbox-provider', node, [join(apiDist, 'sandbox-provider.js')], {
    cwd: join(ROOT, 'api'),
    env: {
      PORT: String(sandboxPort),
      SANDBOX_PROVIDER_PORT: String(sandboxPort),
      DEV_CHAIN_PORT: String(devChainPort),
      ...(usesDevChain ? {} : { SANDBOX_CHAINS: process.env.SANDBOX_CHAINS || 'none' }),
      DATA_DIR: dataDir,
    },
  });

  const apiEnv = {
    API_PORT: String(port),
    SANDBOX_PROVIDER_URL: process.env.SANDBOX_PROVIDER_URL ?? sandboxUrl,
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? join(ROOT, 'shell', 'dist'),
    DEV_CHAIN_PORT: String(devChainPort),
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    // Inbound mail: the embedded SMTP listener (127.0.0.1). INBOUND_SECRET, CLIENT_MAIL_DOMAIN,
    // UPLOAD_MAX_BYTES, BLOB_STORE_URL and SEED_LONG_THREAD_MESSAGES pass through from the environment.
    INBOUND_SMTP_PORT: String(smtpPort),
    // RELEASE_TOKEN (the release HTTP API) and RELEASE_ENV pass through from the environment.
    RELEASES_PUBLIC_URL: releasesPublicUrl,
    REMOTES:
      process.env.REMOTES ??
      REMOTES.map(
        (name, index) => `${name}@${version(name)}=http://localhost:${remotePort(index)}/mf-manifest.json`,
      ).join(','),
  };
  console.log('Applying migrations and seeding demo data…');
  run('Seeding the database', node, [join(apiDist, 'seed-cli.js')], {
    cwd: join(ROOT, 'api'),
    env: { ...process.env, ...apiEnv },
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });

  start('api', node, ['--enable-source-maps', join(apiDist, 'main.js')], {
    cwd: join(ROOT, 'api'),
    env: apiEnv,
  });
  REMOTES.forEach(startRemote);

  await Promise.all([
    ...(usesDevChain ? [waitForLine('dev-chain', /^Dev chains ready/)] : []),
    waitFor(`${sandboxUrl}/v1/health`, 'sandbox-provider'),
    waitFor(`http://127.0.0.1:${port}/api/v0/health`, 'api'),
    ...REMOTES.map((name, index) => waitFor(`http://127.0.0.1:${remotePort(index)}/mf-manifest.json`, name)),
  ]);

  ready = true;
  process.on('SIGUSR2', () => {
    REMOTES.forEach((name, index) => {
      const record = children.get(name);
      if (!record || exited(record.child)) startRemote(name, index);
    });
  });

  console.log(`
  Dashboard ready: ${publicUrl}

  Sign in: enter demo@example.com at ${publicUrl}/auth, then open the local outbox at
  ${publicUrl}/dev/mailbox and follow the link (Admin of the Approved "Acme Treasury").

  Message Center: Acme Treasury receives mail at acme-treasury@${process.env.CLIENT_MAIL_DOMAIN ?? 'client.dash.localhost'}
  (inbound SMTP on 127.0.0.1:${smtpPort}, or POST /api/v0/inbound/email signed with INBOUND_SECRET; see docs/api-recipes.md).

  API ${`${publicUrl}/api/v0`} (reference: ${publicUrl}/api/v0/docs) · remotes ${REMOTES.map((name, i) => `${name} :${remotePort(i)}`).join(', ')}
  Sandbox provider: ${sandboxUrl} (Transfero and Bitso; reviews onboardings after ${process.env.SANDBOX_REVIEW_SECONDS ?? 5} s; test helpers in docs/api-recipes.md)
  Chains: ${usesDevChain ? `local dev chains: arbitrum-sepolia (chain id 421614) http://127.0.0.1:${devChainPort}, polygon-amoy (chain id 80002) http://127.0.0.1:${devChainPort + 1}` : process.env.WALLET_CHAIN}
  Releases: DATA_DIR=${dataDir} PORT=${port} pnpm release status (served from ${releasesPublicUrl};
  release HTTP API ${process.env.RELEASE_TOKEN ? 'on' : 'off: set RELEASE_TOKEN to turn it on'}).
  Data in ${dataDir}. Press Ctrl-C to stop.
`);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
process.on('SIGHUP', () => stopAll(0)); // the terminal was closed
main().catch((error) => {
  console.error(`\n${error.message}`);
  stopAll(error.exitCode ?? 1);
});

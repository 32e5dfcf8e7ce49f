#!/usr/bin/env node
// Prints, for the built dashboard served as `npm start` serves it (own ports and data directory):
//  - how long after `pnpm release pin` returns the runtime manifest serves the new version
//    (first poll after the command exits; the poll itself is one HTTP round trip through the shell);
//  - how long after the pin was written a poller running all along first saw it;
//  - the wall time of the `pnpm release pin` command itself (mostly starting Node and tsx);
//  - the size of the runtime manifest, unpinned and pinned.
// Run: pnpm --filter @dash/e2e bench:release (after `pnpm build`). Figures only: it asserts nothing.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_PORT ?? 4800);
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const dataDir = mkdtempSync(join(tmpdir(), 'dash-bench-release-'));
const manifestUrl = `http://127.0.0.1:${port}/api/v0/remotes`;

const launcher = spawn('node', ['scripts/dashboard.mjs', '--skip-build', '--quiet'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-launcher.pid, 'SIGTERM');
  } catch {}
};
process.on('exit', () => {
  stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function release(...args) {
  return new Promise((resolve, reject) => {
    execFile(
      join(ROOT, 'api/node_modules/.bin/tsx'),
      [join(ROOT, 'api/src/modules/releases/cli.ts'), ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), API_PORT: '' } },
      (error, stdout, stderr) => (error ? reject(new Error(`${stdout}${stderr}`)) : resolve(stdout)),
    );
  });
}

async function fetchManifest() {
  const text = await (await fetch(manifestUrl)).text();
  return { text, wallet: JSON.parse(text).remotes.find((remote) => remote.name === 'remote-wallet') };
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`;
};

try {
  await new Promise((resolve, reject) => {
    launcher.stdout.on('data', (chunk) => chunk.toString().includes('Dashboard ready') && resolve());
    launcher.on('exit', () => reject(new Error('the launcher stopped before the dashboard was ready')));
  });
  const unpinned = Buffer.byteLength((await fetchManifest()).text);

  console.log('Publishing remote-wallet 0.9.0 and 0.9.1 (two builds)…');
  for (const version of ['0.9.0', '0.9.1']) await release('publish', 'remote-wallet', '--version', version);

  const afterReturn = [];
  const afterWrite = [];
  const commandWall = [];
  for (let round = 0; round < rounds; round += 1) {
    const version = round % 2 === 0 ? '0.9.0' : '0.9.1';
    // A poller that runs the whole time, as browsers loading pages would.
    let seenAt;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        if ((await fetchManifest()).wallet.version === version && seenAt === undefined) seenAt = Date.now();
      }
    })();
    const started = performance.now();
    const output = await release('pin', 'remote-wallet', version, '--by', 'bench');
    const returned = performance.now();
    commandWall.push(returned - started);
    while ((await fetchManifest()).wallet.version !== version) {}
    afterReturn.push(performance.now() - returned);
    while (seenAt === undefined) await new Promise((resolve) => setTimeout(resolve, 1));
    polling = false;
    await poller;
    const seq = Number(/Seq (\d+)/.exec(output)?.[1]);
    const history = JSON.parse(await release('history', 'remote-wallet', '--json'));
    const written = Date.parse(history.find((entry) => entry.seq === seq).at);
    afterWrite.push(seenAt - written);
  }
  const pinned = Buffer.byteLength((await fetchManifest()).text);

  console.log(`
Release pin → served (${rounds} pins of remote-wallet, API on PGlite, manifest through the shell's proxy)
  after \`release pin\` returned:      ${stats(afterReturn)}
  after the pin was written:          ${stats(afterWrite)} (Date.now() resolution)
  \`release pin\` command wall time:    ${stats(commandWall)}
Runtime manifest (GET /api/v0/remotes): ${unpinned} bytes unpinned, ${pinned} bytes with remote-wallet pinned
`);
} finally {
  stop();
}
process.exit(0);

// Database-independent: the launcher points it at a database that cannot be reached.
/**
 * The launcher `npm start` runs (scripts/dashboard.mjs), as a real process: when a step after
 * the services started fails (here the seeding, on a database that cannot be reached), it stops the
 * services it had started before it exits, instead of leaving them to hold their ports against the
 * next start. Needs the built API (api/dist), as the other process tests.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, freePort } from '../stack';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let dataDir = '';
let started: number[] = [];
afterEach(() => {
  // A launcher that failed to stop them must not leave them to the next tests.
  for (const pid of started.filter(alive)) process.kill(pid, 'SIGKILL');
  started = [];
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the launcher (npm start)', () => {
  it('stops the dev chain and the sandbox provider it started when the seeding fails', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dash-launcher-'));
    const [port, devChainPort, sandboxPort, smtpPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const unreachable = await freePort(); // nothing listens there
    const launcher = spawn(
      process.execPath,
      [path.join(ROOT, 'scripts/dashboard.mjs'), '--skip-build', '--quiet'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          DEV_CHAIN_PORT: String(devChainPort),
          SANDBOX_PROVIDER_PORT: String(sandboxPort),
          INBOUND_SMTP_PORT: String(smtpPort),
          DATA_DIR: dataDir,
          DATABASE_URL: `postgres://postgres@127.0.0.1:${unreachable}/none`,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    launcher.stdout.on('data', (chunk) => {
      output += chunk;
    });
    launcher.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => launcher.on('exit', (exit) => resolve(exit)));
    expect(code, output).not.toBe(0);
    expect(output).toContain('Seeding the database failed');

    // The services had started (the launcher listed them) and are gone with it.
    const processesFile = path.join(dataDir, 'processes.json');
    expect(existsSync(processesFile)).toBe(true);
    const { processes } = JSON.parse(readFileSync(processesFile, 'utf8')) as {
      processes: Record<string, { pid: number }>;
    };
    const pids = ['dev-chain', 'sandbox-provider'].map((name) => processes[name]?.pid);
    expect(pids.every((pid) => typeof pid === 'number')).toBe(true);
    started = pids as number[];
    await eventually(
      'the services to stop',
      async () => (pids.some((pid) => alive(pid as number)) ? undefined : true),
      10_000,
    );
  });
});

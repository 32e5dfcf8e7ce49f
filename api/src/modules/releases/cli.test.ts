// Database-independent: the release CLI on a DATA_DIR of its own, whose embedded PGlite it opens
// itself whichever database the suite runs on (its environment names no DATABASE_URL).
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../../config';
import { organizations } from '../../db/schema';
import { openImagePglite } from '../../test/pglite-image';
import { fakeBuild, writeShellManifest } from '../../test/releases';
import { tempDir } from '../../test/temp-dir';
import { runReleaseCli } from './cli';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment `pnpm release` gets from a release manager's shell, with this DATA_DIR. */
const cliEnvironment = (dataDir: string, shellManifest: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATA_DIR: dataDir,
  PORT: '5100',
  SHELL_MANIFEST_PATH: shellManifest,
});

/** `pnpm release …` as a release manager runs it: its own process (tsx, as the script runs it). */
function releaseProcess(dataDir: string, shellManifest: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(REPO_ROOT, 'api', 'node_modules', '.bin', 'tsx'),
      ['api/src/modules/releases/cli.ts', ...args, '--by', 'ana@acme.mx'],
      { cwd: REPO_ROOT, env: cliEnvironment(dataDir, shellManifest) },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The same command run in this process, its console output captured: a process of its own costs
 * several seconds of tsx compiling the API, and one (above) is enough to show the script runs it.
 */
async function release(dataDir: string, shellManifest: string, args: string[]): Promise<Run> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts) => void stdout.push(parts.join(' ')));
  const error = vi
    .spyOn(console, 'error')
    .mockImplementation((...parts) => void stderr.push(parts.join(' ')));
  try {
    const code = await runReleaseCli(
      [...args, '--by', 'ana@acme.mx'],
      cliEnvironment(dataDir, shellManifest),
    );
    return {
      code,
      stdout: stdout.map((line) => `${line}\n`).join(''),
      stderr: stderr.map((line) => `${line}\n`).join(''),
    };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

describe('pnpm release (the command)', () => {
  it('refuses a canary for an organization the database does not have, and shows pin log warnings', async () => {
    const dataDir = await tempDir('cli');
    const database = await openImagePglite('migrated', join(dataDir, 'pglite'));
    try {
      await database.db.insert(organizations).values({ name: 'Globex', slug: 'globex' });
    } finally {
      await database.close();
    }
    const shellManifest = await writeShellManifest(join(dataDir, 'shell'));
    const build = join(dataDir, 'build');
    for (const [path, bytes] of fakeBuild({ version: '1.1.0' })) {
      await mkdir(join(build, path, '..'), { recursive: true });
      await writeFile(join(build, path), bytes);
    }
    const published = await release(dataDir, shellManifest, ['publish', 'remote-wallet', '--dir', build]);
    expect(published.code, published.stderr).toBe(0);

    const refused = await release(dataDir, shellManifest, ['pin', 'remote-wallet', '1.1.0', '--orgs', 'zzz']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('There is no organization "zzz", so nothing was pinned.');

    const pinned = await release(dataDir, shellManifest, [
      'pin',
      'remote-wallet',
      '1.1.0',
      '--orgs',
      'globex',
    ]);
    expect(pinned.code, pinned.stderr).toBe(0);
    expect(pinned.stdout).toContain('Pinned remote-wallet 1.1.0 in production for globex only');

    await writeFile(join(dataDir, 'releases', 'pins', 'production.jsonl'), 'not json\n', { flag: 'a' });
    const status = await releaseProcess(dataDir, shellManifest, ['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stderr).toMatch(/^Warning: .*production\.jsonl line 2 is not a pin entry \(not JSON\)/m);
    expect(status.stdout).toContain('Active canaries:\n  remote-wallet 1.1.0 for globex');
  }, 120_000);
});

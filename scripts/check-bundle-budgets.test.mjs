import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS, budgetFailures, budgetReport } from './check-bundle-budgets.mjs';

const KIB = 1024;
const file = (url, found = true) => ({ url, found });
const remote = (name, bytes, files = [file(`http://localhost:4611/${name}.js`)]) => ({
  remote: name,
  bytes,
  files,
});
const within = {
  page: { bytes: 200 * KIB, files: [file('http://localhost:4600/static/js/index.js')] },
  remotes: [remote('remote-messages', 20 * KIB), remote('remote-rails', 24 * KIB)],
};

describe('the byte budget check', () => {
  it('passes figures within their budgets, and a figure exactly at its budget', () => {
    expect(budgetFailures(within)).toEqual([]);
    expect(
      budgetFailures({
        page: { ...within.page, bytes: BUNDLE_BUDGETS.messagesPage },
        remotes: [remote('remote-wallet', BUNDLE_BUDGETS.remoteAdds)],
      }),
    ).toEqual([]);
  });

  it('fails a remote over its budget with the figure and the budget', () => {
    const failures = budgetFailures({
      ...within,
      remotes: [remote('remote-messages', 20 * KIB), remote('remote-rails', Math.round(26.1 * KIB))],
    });
    expect(failures).toEqual(['remote-rails adds 26.1 KiB of brotli JS, budget 25 KiB']);
  });

  it('fails the messages page over its budget with the figure and the budget', () => {
    expect(budgetFailures({ ...within, page: { ...within.page, bytes: Math.round(283.8 * KIB) } })).toEqual([
      'the signed-in messages page loads 283.8 KiB of brotli JS, budget 250 KiB',
    ]);
  });

  it('gives the bytes when the rounded figure would read as the budget', () => {
    expect(budgetFailures({ ...within, remotes: [remote('remote-settings', 25 * KIB + 10)] })).toEqual([
      'remote-settings adds 25.0 KiB (25610 bytes) of brotli JS, budget 25 KiB',
    ]);
  });

  it('fails a figure that measured nothing, or a file no build holds, instead of passing it', () => {
    const failures = budgetFailures({
      page: { bytes: 0, files: [] },
      remotes: [remote('remote-wallet', 0, [file('http://localhost:4699/missing.js', false)])],
    });
    expect(failures).toEqual([
      'the signed-in messages page: no JS file was loaded, nothing was measured',
      'remote-wallet: http://localhost:4699/missing.js is in no build, its bytes are unknown',
    ]);
  });

  it('reports every figure against its budget', () => {
    const report = budgetReport({ ...within, remotes: [remote('remote-rails', Math.round(26.1 * KIB))] });
    expect(report).toMatch(/signed-in messages page, in all\s+200\.0 KiB\s+\(budget 250 KiB, within\)/);
    expect(report).toMatch(/remote-rails adds\s+26\.1 KiB\s+\(budget 25 KiB, OVER\)/);
  });
});

describe('the byte budget command', () => {
  /** Runs `node scripts/check-bundle-budgets.mjs` on the given figures (as measured), not on a stack. */
  function runCheck(figures) {
    const dir = mkdtempSync(join(tmpdir(), 'budgets-'));
    try {
      const file = join(dir, 'figures.json');
      writeFileSync(file, JSON.stringify(figures));
      const script = join(__dirname, 'check-bundle-budgets.mjs');
      return spawnSync(process.execPath, [script], {
        env: { ...process.env, BUDGETS_FIGURES: file },
        encoding: 'utf8',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('exits with a failure naming the figure and the budget when a build is over a budget', () => {
    const run = runCheck({
      page: { bytes: Math.round(287.0 * KIB), files: within.page.files },
      remotes: [remote('remote-messages', 20 * KIB), remote('remote-wallet', Math.round(29.6 * KIB))],
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Byte budget check failed (2)');
    expect(run.stderr).toContain('the signed-in messages page loads 287.0 KiB of brotli JS, budget 250 KiB');
    expect(run.stderr).toContain('remote-wallet adds 29.6 KiB of brotli JS, budget 25 KiB');
    expect(run.stdout).toMatch(/remote-wallet adds\s+29\.6 KiB\s+\(budget 25 KiB, OVER\)/);
  });

  it('passes a build within its budgets', () => {
    const run = runCheck(within);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Byte budget check passed.');
  });
});

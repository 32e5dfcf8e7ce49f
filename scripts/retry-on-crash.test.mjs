import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, 'retry-on-crash.mjs');
const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the script on a node program that does `first` on its first run and `then` on the next ones
 * (a marker file tells them apart); answers the exit status, what it printed and how many runs.
 */
function retried(first, then) {
  const dir = mkdtempSync(join(tmpdir(), 'dash-retry-'));
  dirs.push(dir);
  const marker = join(dir, 'ran');
  const program = `
    const fs = require('node:fs');
    fs.appendFileSync(${JSON.stringify(marker)}, 'x');
    const runs = fs.readFileSync(${JSON.stringify(marker)}, 'utf8').length;
    const act = runs === 1 ? ${JSON.stringify(first)} : ${JSON.stringify(then)};
    if (act.startsWith('SIG')) process.kill(process.pid, act);
    else process.exit(Number(act));`;
  const run = spawnSync(process.execPath, [SCRIPT, process.execPath, '-e', program], { encoding: 'utf8' });
  return {
    status: run.status,
    stderr: run.stderr,
    runs: existsSync(marker) ? readFileSync(marker, 'utf8').length : 0,
  };
}

describe('running a build once more when it crashed', () => {
  it('runs a command that aborted once more, and answers that run’s status', () => {
    const passed = retried('SIGABRT', '0');
    expect(passed).toMatchObject({ status: 0, runs: 2 });
    expect(passed.stderr).toContain('crashed (SIGABRT); running it once more');
    expect(retried('SIGSEGV', '3')).toMatchObject({ status: 3, runs: 2 });
  });

  it('runs it twice at most: a second crash fails', () => {
    const failed = retried('SIGABRT', 'SIGABRT');
    expect(failed).toMatchObject({ status: 1, runs: 2 });
    expect(failed.stderr).toContain('was stopped by SIGABRT');
  });

  it('keeps a failure the command reported, and a stop someone asked for, without running it again', () => {
    expect(retried('1', '0')).toMatchObject({ status: 1, runs: 1 });
    expect(retried('0', '1')).toMatchObject({ status: 0, runs: 1 });
    const stopped = retried('SIGTERM', '0');
    expect(stopped).toMatchObject({ status: 1, runs: 1 });
    expect(stopped.stderr).toContain('was stopped by SIGTERM');
  });
});

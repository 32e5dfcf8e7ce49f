import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { stopGroups } from './stop-groups.mjs';

/** A detached node process, ready once it has printed; `ignoreTerm` makes it ignore SIGTERM. */
async function child({ ignoreTerm }) {
  const code = `${ignoreTerm ? "process.on('SIGTERM', () => {});" : ''} setInterval(() => {}, 1000); console.log('up');`;
  const process_ = spawn(process.execPath, ['-e', code], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise((resolve) => process_.stdout.once('data', resolve));
  return process_;
}

describe('stopping the launcher’s process groups', () => {
  it('stops each with SIGTERM, and kills the one that ignores it once the grace period is over', async () => {
    const polite = await child({ ignoreTerm: false });
    const stubborn = await child({ ignoreTerm: true });
    const started = Date.now();
    const killed = await stopGroups([polite, stubborn], { graceMs: 1_000 });
    expect(killed).toBe(1);
    expect(polite.signalCode).toBe('SIGTERM');
    expect(stubborn.signalCode).toBe('SIGKILL');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('does not wait out the grace period when every child stops', async () => {
    const polite = await child({ ignoreTerm: false });
    const started = Date.now();
    expect(await stopGroups([polite], { graceMs: 30_000 })).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

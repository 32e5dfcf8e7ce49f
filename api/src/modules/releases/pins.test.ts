// Database-independent: the release store on disk only.
import { appendFile, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TRemoteName } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/temp-dir';
import {
  activeCanaries,
  currentVersion,
  FilePinLog,
  type InvalidPinLine,
  type NewPinEntry,
  PinConflictError,
  versionFor,
  withLockFile,
} from './pins';

const AT = '2026-11-21T10:02:31.000Z';

function pin(version: string, extra: Partial<NewPinEntry> = {}): NewPinEntry {
  return {
    remote: 'remote-wallet',
    action: 'pin',
    version,
    previousVersion: null,
    force: false,
    by: 'ana@acme.mx',
    at: AT,
    via: 'cli',
    ...extra,
  };
}
const rollback = (extra: Partial<NewPinEntry> = {}): NewPinEntry => ({
  ...pin('0.0.0'),
  action: 'rollback',
  ...extra,
});

async function newLog() {
  const dir = await tempDir('pins');
  return { dir, log: new FilePinLog(dir) };
}

async function write(
  log: FilePinLog,
  entry: NewPinEntry,
  expectedSeq?: number,
  remote: TRemoteName = entry.remote,
) {
  return log.append('production', remote, expectedSeq, () => entry);
}

async function walletState(log: FilePinLog) {
  return (await log.read('production')).remotes.get('remote-wallet');
}

describe('FilePinLog', () => {
  it('keeps every change, appending one JSON line each and never rewriting earlier ones', async () => {
    const { dir, log } = await newLog();
    await write(log, pin('1.0.0'));
    const before = await readFile(join(dir, 'production.jsonl'), 'utf8');
    await write(log, pin('1.1.0'));
    await write(log, pin('2.0.0', { remote: 'remote-rails' }));

    const text = await readFile(join(dir, 'production.jsonl'), 'utf8');
    expect(text.startsWith(before)).toBe(true);
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.seq, line.remote, line.version])).toEqual([
      [1, 'remote-wallet', '1.0.0'],
      [2, 'remote-wallet', '1.1.0'],
      [3, 'remote-rails', '2.0.0'],
    ]);
    expect((await log.read('production')).entries).toHaveLength(3);
    expect((await log.read('staging')).entries).toEqual([]);
  });

  it('rolls back to the previous pin, and a second rollback goes further back instead of redoing', async () => {
    const { log } = await newLog();
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) await write(log, pin(version));

    await write(log, rollback());
    expect(currentVersion(await walletState(log))).toBe('1.1.0');
    await write(log, rollback());
    expect(currentVersion(await walletState(log))).toBe('1.0.0');
    await write(log, rollback());
    expect(currentVersion(await walletState(log))).toBeNull();
  });

  it('treats an unpin as a layer a rollback can undo', async () => {
    const { log } = await newLog();
    await write(log, pin('1.0.0'));
    await write(log, { ...pin('1.0.0'), action: 'unpin', version: null });
    expect(currentVersion(await walletState(log))).toBeNull();

    await write(log, rollback());
    expect(currentVersion(await walletState(log))).toBe('1.0.0');
  });

  it('refuses a write based on a stale head and says what changed, who did it and when', async () => {
    const { log } = await newLog();
    await write(log, pin('1.2.0'));
    const seen = (await walletState(log))?.head.seq;
    await write(log, pin('1.3.0'), seen);

    const stale = write(log, pin('1.4.0', { by: 'bob@acme.mx' }), seen);

    await expect(stale).rejects.toBeInstanceOf(PinConflictError);
    await expect(stale).rejects.toThrow(
      'remote-wallet changed since you looked: it is now pinned to 1.3.0 (by ana@acme.mx at 2026-11-21T10:02Z). Check `pnpm release status` and try again.',
    );
    expect(currentVersion(await walletState(log))).toBe('1.3.0');
    // Another remote's head is its own: changes to remote-wallet do not make it stale.
    await expect(write(log, pin('2.0.0', { remote: 'remote-rails' }), 0)).resolves.toMatchObject({
      entry: { seq: 3 },
    });
  });

  it('lets exactly one of two writers with the same expected head win', async () => {
    const { log } = await newLog();
    await write(log, pin('1.0.0'));

    const results = await Promise.allSettled([
      write(log, pin('1.1.0', { by: 'ana@acme.mx' }), 1),
      write(log, pin('1.2.0', { by: 'bob@acme.mx' }), 1),
    ]);

    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const loser = results.find((result) => result.status === 'rejected');
    expect(loser?.status === 'rejected' && String(loser.reason)).toMatch(/changed since you looked/);
    expect((await log.read('production')).entries).toHaveLength(2);
  });

  it('serialises many concurrent writers: every entry lands once, with its own seq', async () => {
    const { log } = await newLog();

    await Promise.all(Array.from({ length: 25 }, (_, index) => write(log, pin(`1.0.${index}`))));

    const { entries } = await log.read('production');
    expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(new Set(entries.map((entry) => entry.version)).size).toBe(25);
  });

  it('resolves canaries for the organizations they name; a later pin for everyone supersedes them', async () => {
    const { log } = await newLog();
    await write(log, pin('1.0.0'));
    await write(log, pin('1.1.0', { organizations: ['beta', 'gamma'] }));
    await write(log, pin('1.2.0', { organizations: ['gamma'] }));
    let state = await walletState(log);

    expect(versionFor(state)).toBe('1.0.0');
    expect(versionFor(state, 'acme')).toBe('1.0.0');
    expect(versionFor(state, 'beta')).toBe('1.1.0');
    expect(versionFor(state, 'gamma')).toBe('1.2.0');
    expect(activeCanaries(state).map((canary) => [canary.version, canary.organizations])).toEqual([
      ['1.1.0', ['beta', 'gamma']],
      ['1.2.0', ['gamma']],
    ]);

    // A rollback withdraws the latest canary first.
    await write(log, rollback());
    state = await walletState(log);
    expect(versionFor(state, 'gamma')).toBe('1.1.0');
    expect(currentVersion(state)).toBe('1.0.0');

    await write(log, pin('1.3.0'));
    state = await walletState(log);
    expect(activeCanaries(state)).toEqual([]);
    expect(versionFor(state, 'beta')).toBe('1.3.0');
  });

  it('ignores a last line cut short by a crash, and the next writer trims it', async () => {
    const { dir, log } = await newLog();
    await write(log, pin('1.0.0'));
    await appendFile(join(dir, 'production.jsonl'), '{"seq":2,"remote":"remote-wa');

    expect(currentVersion(await walletState(log))).toBe('1.0.0');
    await write(log, pin('1.1.0'));

    const lines = (await readFile(join(dir, 'production.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).version)).toEqual(['1.0.0', '1.1.0']);
  });

  it('skips a complete line that is not a pin entry, reports it once per change, and numbers past it', async () => {
    const dir = await tempDir('pins');
    const reported: InvalidPinLine[][] = [];
    const log = new FilePinLog(dir, { onInvalidLines: (lines) => reported.push([...lines]) });
    await write(log, pin('1.0.0'));
    // What a newer `pnpm release` might write (an action this one does not know), and plain damage.
    const newer = { ...pin('1.5.0'), seq: 7, action: 'promote' };
    await appendFile(join(dir, 'production.jsonl'), `${JSON.stringify(newer)}\n\nnot json\n`);
    await write(new FilePinLog(dir, { onInvalidLines: () => {} }), pin('1.1.0'));

    const snapshot = await log.read('production');
    await log.read('production');

    expect(snapshot.entries.map((entry) => [entry.seq, entry.version])).toEqual([
      [1, '1.0.0'],
      [8, '1.1.0'],
    ]);
    expect(currentVersion(snapshot.remotes.get('remote-wallet'))).toBe('1.1.0');
    const file = join(dir, 'production.jsonl');
    expect(snapshot.invalidLines).toEqual([
      { file, line: 2, reason: expect.stringMatching(/^action: /) },
      { file, line: 4, reason: 'not JSON' },
    ]);
    expect(reported).toEqual([snapshot.invalidLines]);
  });

  it('tells a seq the remote never had from one it has moved past', async () => {
    const { log } = await newLog();
    await write(log, pin('1.2.0'));

    await expect(write(log, pin('1.3.0'), 999)).rejects.toThrow(
      'remote-wallet has no seq 999: its latest is seq 1 (it is now pinned to 1.2.0, by ana@acme.mx at 2026-11-21T10:02Z). Send the seq `pnpm release status` shows for it.',
    );
  });

  it('sees a change written by another process (another FilePinLog on the same directory)', async () => {
    const { dir, log } = await newLog();
    await write(log, pin('1.0.0'));
    expect(currentVersion(await walletState(log))).toBe('1.0.0');

    await write(new FilePinLog(dir), pin('1.1.0'));

    expect(currentVersion(await walletState(log))).toBe('1.1.0');
  });
});

describe('withLockFile', () => {
  it('breaks a lock left behind by a crashed writer', async () => {
    const dir = await tempDir('lock');
    const lock = join(dir, 'production.lock');
    await writeFile(lock, JSON.stringify({ token: 'gone', pid: 999_999_999, host: 'elsewhere' }));
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);

    await expect(withLockFile(lock, async () => 'done')).resolves.toBe('done');
  });

  it('runs one holder at a time', async () => {
    const dir = await tempDir('lock');
    const lock = join(dir, 'x.lock');
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        withLockFile(lock, async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 2));
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});

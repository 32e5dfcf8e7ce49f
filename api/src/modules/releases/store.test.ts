// Database-independent: the release store on disk only.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeBuild } from '../../test/releases';
import { tempDir } from '../../test/temp-dir';
import { readBuildInfo } from './build-info';
import {
  contentHash,
  FileSystemReleaseStore,
  type PublishInput,
  ReleaseConflictError,
  readBuildDirectory,
} from './store';

function input(files: Map<string, Buffer>, version = '1.0.0'): PublishInput {
  return {
    remote: 'remote-wallet',
    version,
    files,
    info: readBuildInfo(files.get('mf-manifest.json') ?? '', files.get('mf-stats.json')),
    builtAt: '2026-11-21T10:00:00.000Z',
    gitCommit: 'abc1234',
    publishedBy: 'ana@acme.mx',
  };
}

async function newStore() {
  const root = await tempDir();
  return { root, store: new FileSystemReleaseStore(root, 'http://localhost:3001/releases') };
}

describe('FileSystemReleaseStore', () => {
  it('stores a release with its metadata and serves its files', async () => {
    const { root, store } = await newStore();
    const files = fakeBuild({ version: '1.0.0' });

    const { release, created } = await store.publish(input(files));

    expect(created).toBe(true);
    expect(release).toMatchObject({
      remote: 'remote-wallet',
      version: '1.0.0',
      contentHash: contentHash(files),
      gitCommit: 'abc1234',
      container: 'remote_wallet',
      exposes: ['./WalletArea'],
      mantineExports: ['Button', 'Text'],
      files: 4,
    });
    expect(release.shared.find((dependency) => dependency.name === 'react')).toEqual({
      name: 'react',
      version: '19.3.1',
      requiredVersion: '^19.2.0',
      singleton: true,
    });
    expect(await store.get('remote-wallet', '1.0.0')).toEqual(release);
    expect(JSON.parse(await readFile(join(root, 'remote-wallet/1.0.0/release.json'), 'utf8'))).toEqual(
      release,
    );
    expect(await readFile(join(root, 'remote-wallet/1.0.0/files/static/js/remote.js'), 'utf8')).toBe(
      'console.log("1.0.0");',
    );
    expect(store.entryUrl('remote-wallet', '1.0.0')).toBe(
      'http://localhost:3001/releases/remote-wallet/1.0.0/mf-manifest.json',
    );
  });

  it('treats publishing the same version with the same content again as already done', async () => {
    const { store } = await newStore();
    const first = await store.publish(input(fakeBuild()));

    const again = await store.publish(input(fakeBuild()));

    expect(again).toEqual({ release: first.release, created: false });
  });

  it('refuses the same version with different content, and keeps the stored release untouched', async () => {
    const { root, store } = await newStore();
    const first = await store.publish(input(fakeBuild()));

    const attempt = store.publish(input(fakeBuild({ code: 'console.log("patched")' })));

    await expect(attempt).rejects.toBeInstanceOf(ReleaseConflictError);
    await expect(attempt).rejects.toThrow(
      /remote-wallet@1\.0\.0 is already published with different content .*publish a new version instead/,
    );
    expect(await store.get('remote-wallet', '1.0.0')).toEqual(first.release);
    expect(await readFile(join(root, 'remote-wallet/1.0.0/files/static/js/remote.js'), 'utf8')).toBe(
      'console.log("1.0.0");',
    );
  });

  it('lets exactly one of two concurrent publishers of a version with different content win', async () => {
    const { store } = await newStore();
    const results = await Promise.allSettled([
      store.publish(input(fakeBuild({ code: 'a()' }))),
      store.publish(input(fakeBuild({ code: 'b()' }))),
    ]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(ReleaseConflictError);
  });

  it('never leaves half a release behind when writing fails', async () => {
    const { root, store } = await newStore();
    // "static" cannot be a file and a directory at once: the write fails midway.
    const files = fakeBuild();
    files.set('static', Buffer.from('not a directory'));

    await expect(store.publish(input(files))).rejects.toThrow();

    expect(await store.get('remote-wallet', '1.0.0')).toBeNull();
    expect(await store.list('remote-wallet')).toEqual([]);
    expect(await readdir(join(root, '.staging'))).toEqual([]);
    // A correct build of that version can still be published afterwards.
    expect((await store.publish(input(fakeBuild()))).created).toBe(true);
  });

  it('hashes content, not the order files were read in', () => {
    const files = fakeBuild();
    const reversed = new Map([...files].reverse());
    expect(contentHash(reversed)).toBe(contentHash(files));
    expect(contentHash(fakeBuild({ code: 'x' }))).not.toBe(contentHash(files));
    // A byte moved from one file to the next changes the hash (each file is framed by its size).
    const a = new Map([
      ['a', Buffer.from('xy')],
      ['b', Buffer.from('z')],
    ]);
    const b = new Map([
      ['a', Buffer.from('x')],
      ['b', Buffer.from('yz')],
    ]);
    expect(contentHash(a)).not.toBe(contentHash(b));
  });

  it('lists releases by version and opens only files inside a release', async () => {
    const { root, store } = await newStore();
    for (const version of ['1.10.0', '1.2.0', '1.9.0-rc.1']) {
      await store.publish(input(fakeBuild({ version }), version));
    }
    await writeFile(join(root, 'remote-wallet', 'secret.txt'), 'no');

    expect((await store.list('remote-wallet')).map((release) => release.version)).toEqual([
      '1.2.0',
      '1.9.0-rc.1',
      '1.10.0',
    ]);
    expect(await store.list('remote-rails')).toEqual([]);
    expect(await store.openFile('remote-wallet', '1.2.0', 'static/js/remote.js')).toMatchObject({ size: 21 });
    for (const path of [
      '../secret.txt',
      '../../remote-wallet/secret.txt',
      '/etc/passwd',
      'static/../../x',
      '',
    ]) {
      expect(await store.openFile('remote-wallet', '1.2.0', path)).toBeNull();
    }
    expect(await store.openFile('remote-wallet', '1.2.0', 'static')).toBeNull();
    expect(await store.openFile('remote-wallet', '1.2.0', 'missing.js')).toBeNull();
  });

  it('reads a build directory with posix paths', async () => {
    const dir = await tempDir('build');
    await mkdir(join(dir, 'static/js'), { recursive: true });
    await writeFile(join(dir, 'mf-manifest.json'), '{}');
    await writeFile(join(dir, 'static/js/a.js'), 'a');

    const files = await readBuildDirectory(dir);

    expect([...files.keys()].sort()).toEqual(['mf-manifest.json', 'static/js/a.js']);
    expect(files.get('static/js/a.js')?.toString()).toBe('a');
  });
});

import { join } from 'node:path';
import { ZRemotesManifest } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../test/app';
import { call, errorOf } from '../../test/http';
import { fakeBuild, writeShellManifest } from '../../test/releases';
import { tempDir } from '../../test/temp-dir';
import { openReleases } from '../releases/index';
import { deriveManifest } from './service';

const CONFIGURED = [
  { name: 'remote-messages' as const, version: '0.1.0', entry: 'http://localhost:3011/mf-manifest.json' },
  { name: 'remote-wallet' as const, version: '0.1.0', entry: 'http://localhost:3012/mf-manifest.json' },
];
const ORIGINS = ['http://localhost:3011', 'http://localhost:3012', 'http://localhost:3001'];
const release = (version: string) => ({
  version,
  entry: `http://localhost:3001/releases/remote-wallet/${version}/mf-manifest.json`,
});

describe('GET /remotes', () => {
  it('serves the configured remotes to anyone, never cached', async () => {
    const { app } = await createTestApp();

    const response = await call(app, 'GET', '/remotes');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(ZRemotesManifest.parse(response.json())).toEqual({
      remotes: [
        { name: 'remote-messages', version: 'dev', entry: 'http://localhost:3011/mf-manifest.json' },
        { name: 'remote-wallet', version: 'dev', entry: 'http://localhost:3012/mf-manifest.json' },
        { name: 'remote-rails', version: 'dev', entry: 'http://localhost:3013/mf-manifest.json' },
        { name: 'remote-settings', version: 'dev', entry: 'http://localhost:3014/mf-manifest.json' },
      ],
    });
  });

  it('follows the REMOTES setting', async () => {
    const remotes = [
      { name: 'remote-wallet' as const, version: '1.4.2', entry: 'https://cdn.example/w/mf.json' },
    ];
    const config = testConfig();
    const { app } = await createTestApp({
      remotes,
      releases: { ...config.releases, remoteOrigins: ['https://cdn.example'] },
    });
    expect((await call(app, 'GET', '/remotes')).json()).toEqual({ remotes });
  });

  it('serves a new pin on the next request, with no restart, and the canary to its organization only', async () => {
    const dir = await tempDir();
    const config = testConfig();
    const releasesConfig = {
      ...config.releases,
      dir: join(dir, 'releases'),
      shellManifestPath: await writeShellManifest(join(dir, 'shell')),
    };
    const { app } = await createTestApp({ releases: releasesConfig });
    // The CLI's view of the same files, as `pnpm release` beside a running API.
    const { service } = openReleases(releasesConfig, 'cli');
    for (const version of ['1.0.0', '1.1.0']) {
      await service.publish({ remote: 'remote-wallet', files: fakeBuild({ version }), by: 'ci' });
    }
    const wallet = async (query = '') =>
      ZRemotesManifest.parse((await call(app, 'GET', `/remotes${query}`)).json()).remotes.find(
        (remote) => remote.name === 'remote-wallet',
      );

    await service.pin({ remote: 'remote-wallet', version: '1.0.0', by: 'ana' });
    expect(await wallet()).toEqual({
      name: 'remote-wallet',
      version: '1.0.0',
      entry: 'http://localhost:3001/releases/remote-wallet/1.0.0/mf-manifest.json',
    });
    await service.pin({ remote: 'remote-wallet', version: '1.1.0', organizations: ['beta-org'], by: 'ana' });
    expect((await wallet('?organization=beta-org'))?.version).toBe('1.1.0');
    expect((await wallet('?organization=acme-treasury'))?.version).toBe('1.0.0');
    expect((await wallet())?.version).toBe('1.0.0');
  });

  it('refuses an organization that is not a slug', async () => {
    const { app } = await createTestApp();
    expect(errorOf(await call(app, 'GET', '/remotes?organization=Not%20A%20Slug'))).toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
  });
});

describe('deriveManifest', () => {
  it('serves a pin over the configured remote and keeps the order', () => {
    const manifest = deriveManifest(CONFIGURED, new Map([['remote-wallet', release('1.2.0')]]), ORIGINS);
    expect(manifest.remotes).toEqual([CONFIGURED[0], { name: 'remote-wallet', ...release('1.2.0') }]);
  });

  it('adds a pinned remote that is not configured', () => {
    const manifest = deriveManifest(
      CONFIGURED,
      new Map([
        [
          'remote-rails',
          { version: '2.0.0', entry: 'http://localhost:3001/releases/remote-rails/2.0.0/mf-manifest.json' },
        ],
      ]),
      ORIGINS,
    );
    expect(manifest.remotes.map((remote) => remote.name)).toEqual([
      'remote-messages',
      'remote-wallet',
      'remote-rails',
    ]);
  });

  it('leaves out, and reports, any entry whose origin is not allowed', () => {
    const refused: string[] = [];
    const manifest = deriveManifest(
      CONFIGURED,
      new Map([['remote-wallet', { version: '6.6.6', entry: 'https://evil.example/mf-manifest.json' }]]),
      ORIGINS,
      (entry) => refused.push(entry.entry),
    );
    expect(manifest.remotes).toEqual([CONFIGURED[0]]);
    expect(refused).toEqual(['https://evil.example/mf-manifest.json']);
  });
});

import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  API_PREFIX,
  ZPinChangeResponse,
  ZPublishReleaseResponse,
  ZReleasesStatusResponse,
  ZRemoteReleasesResponse,
  ZRemotesManifest,
} from '@dash/shared/contracts';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ReleaseConfig } from '../../config';
import { organizations } from '../../db/schema';
import { registerErrorHandling } from '../../http/errors';
import { createTestApp, type TestApp, testConfig } from '../../test/app';
import { signIn } from '../../test/auth';
import { emptyTestDatabase } from '../../test/database';
import { call, errorOf } from '../../test/http';
import { type FakeBuildOptions, fakeBuild, writeShellManifest } from '../../test/releases';
import { tempDir } from '../../test/temp-dir';
import { organizationDirectory } from './repo';
import {
  PUBLISH_TOO_LARGE_MESSAGE,
  RELEASE_API_OFF_MESSAGE,
  RELEASE_TOKEN_MESSAGE,
  registerReleaseRoutes,
} from './routes';
import { openReleases } from './service';

const TOKEN = 'test-release-token-0123456789abcdef0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };

async function releaseApp(overrides: Partial<ReleaseConfig> = {}): Promise<TestApp> {
  const dir = await tempDir();
  const shellManifestPath = await writeShellManifest(join(dir, 'shell'));
  const releases = { ...testConfig().releases, dir: join(dir, 'releases'), token: TOKEN, shellManifestPath };
  return createTestApp({ releases: { ...releases, ...overrides } });
}

function publishBody(files: Map<string, Buffer>, extra: Record<string, unknown> = {}) {
  return {
    files: Object.fromEntries([...files].map(([path, bytes]) => [path, bytes.toString('base64')])),
    ...extra,
  };
}

async function publish({ app }: TestApp, version: string, options: FakeBuildOptions = {}) {
  const response = await call(app, 'PUT', `/releases/remote-wallet/${version}`, {
    headers: AUTH,
    body: publishBody(fakeBuild({ version, ...options })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return ZPublishReleaseResponse.parse(response.json());
}

async function pin({ app }: TestApp, body: Record<string, unknown>) {
  return call(app, 'POST', '/releases/remote-wallet/pins', { headers: AUTH, body });
}

async function walletEntry({ app }: TestApp, organization?: string) {
  const query = organization ? `?organization=${organization}` : '';
  const manifest = ZRemotesManifest.parse((await call(app, 'GET', `/remotes${query}`)).json());
  return manifest.remotes.find((remote) => remote.name === 'remote-wallet');
}

describe('the release API: a bearer token, not a session', () => {
  it('is off, and says so, when no RELEASE_TOKEN is configured', async () => {
    const test = await releaseApp({ token: undefined });

    for (const [method, path] of [
      ['GET', '/releases'],
      ['PUT', '/releases/remote-wallet/1.0.0'],
      ['POST', '/releases/remote-wallet/pins'],
    ] as const) {
      const response = await call(test.app, method, path, { headers: AUTH, body: {} });
      expect(errorOf(response)).toEqual({ status: 404, code: 'NOT_FOUND', message: RELEASE_API_OFF_MESSAGE });
    }
  });

  it('answers 401 without the token, with a wrong one, or with only a signed-in session', async () => {
    const test = await releaseApp();
    const cookie = await signIn(test.app, 'admin@example.com');

    for (const headers of [
      {} as Record<string, string>,
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: 'Bearer' },
    ]) {
      const response = await call(test.app, 'GET', '/releases', { headers, cookie });
      expect(errorOf(response)).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
        message: RELEASE_TOKEN_MESSAGE,
      });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="releases"');
    }
    // The guard runs first: an anonymous caller learns nothing about validation.
    expect((await call(test.app, 'PUT', '/releases/nope/x', { body: { files: 1 } })).statusCode).toBe(401);
  });

  it('answers bad input with 400 and the one JSON error body', async () => {
    const test = await releaseApp();
    const cases = [
      call(test.app, 'PUT', '/releases/remote-wallet/1.x', { headers: AUTH, body: publishBody(fakeBuild()) }),
      call(test.app, 'PUT', '/releases/remote-nope/1.0.0', { headers: AUTH, body: publishBody(fakeBuild()) }),
      call(test.app, 'PUT', '/releases/remote-wallet/1.0.0', {
        headers: AUTH,
        body: { files: { '../../pins/production.jsonl': 'eA==' } },
      }),
      call(test.app, 'PUT', '/releases/remote-wallet/1.0.0', {
        headers: AUTH,
        body: { files: { 'a.js': 'not base64!' } },
      }),
      pin(test, { version: '1.0.0', surprise: true }),
      pin(test, { version: '1.0.0', organizations: ['Not A Slug'] }),
      pin(test, { version: '1.0.0', expectedSeq: -1 }),
      call(test.app, 'GET', '/releases?env=Prod!', { headers: AUTH }),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION', message: expect.any(String) } });
    }
  });

  it('says what is wrong with a file path, and refuses a force an unpin cannot use', async () => {
    const test = await releaseApp();

    const badPath = await call(test.app, 'PUT', '/releases/remote-wallet/1.0.0', {
      headers: AUTH,
      body: { files: { '../evil.js': 'eA==' } },
    });
    expect(badPath.json()).toEqual({
      error: {
        requestId: badPath.headers['x-request-id'],
        code: 'VALIDATION',
        message: 'Not a relative file path inside the build',
        messageCode: 'messages.releaseFilePath',
        fields: { 'files.../evil.js': 'Not a relative file path inside the build' },
        fieldCodes: { 'files.../evil.js': { code: 'messages.releaseFilePath' } },
      },
    });

    const unpin = await call(test.app, 'POST', '/releases/remote-wallet/unpin', {
      headers: AUTH,
      body: { force: true },
    });
    expect(errorOf(unpin)).toEqual({ status: 400, code: 'VALIDATION', message: 'Unknown field: force' });
  });

  it('says what the upload limit is when a release is over it', async () => {
    const test = await releaseApp();
    const payload = JSON.stringify({ files: { 'a.js': 'A'.repeat(26 * 1024 * 1024) } });

    const response = await test.app.inject({
      method: 'PUT',
      url: `${API_PREFIX}/releases/remote-wallet/1.0.0`,
      headers: { ...AUTH, 'content-type': 'application/json' },
      payload,
    });

    expect(errorOf(response)).toEqual({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: PUBLISH_TOO_LARGE_MESSAGE,
    });
    expect(PUBLISH_TOO_LARGE_MESSAGE).toMatch(/at most 25 MB/);
  });
});

describe('publishing over HTTP', () => {
  it('stores a build, is idempotent for the same content and refuses other content under that version', async () => {
    const test = await releaseApp();

    const first = await publish(test, '1.0.0');
    expect(first.created).toBe(true);
    expect(first.release).toMatchObject({
      remote: 'remote-wallet',
      version: '1.0.0',
      publishedBy: 'release-api',
    });
    expect((await publish(test, '1.0.0')).created).toBe(false);

    const other = await call(test.app, 'PUT', '/releases/remote-wallet/1.0.0', {
      headers: AUTH,
      body: publishBody(fakeBuild({ version: '1.0.0', code: 'patched()' })),
    });
    expect(errorOf(other)).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(errorOf(other).message).toMatch(/already published with different content/);
  });

  it('refuses a build whose manifest names another version or another remote', async () => {
    const test = await releaseApp();
    const wrongVersion = await call(test.app, 'PUT', '/releases/remote-wallet/2.0.0', {
      headers: AUTH,
      body: publishBody(fakeBuild({ version: '1.0.0' })),
    });
    expect(errorOf(wrongVersion)).toEqual({
      status: 400,
      code: 'VALIDATION',
      message:
        'The build says it is version 1.0.0 (mf-manifest.json), not 2.0.0. Build it with REMOTE_VERSION=2.0.0.',
    });
    const rails = await call(test.app, 'PUT', '/releases/remote-wallet/1.0.0', {
      headers: AUTH,
      body: publishBody(fakeBuild({ remote: 'remote-rails' })),
    });
    expect(errorOf(rails).message).toMatch(/^This is not a build of remote-wallet: .*"remote_rails"/);
    const noManifest = await call(test.app, 'PUT', '/releases/remote-wallet/1.0.0', {
      headers: AUTH,
      body: { files: { 'index.js': 'eA==' } },
    });
    expect(errorOf(noManifest).message).toMatch(/no mf-manifest\.json at its root/);
  });

  it('accepts a build larger than the API-wide body limit on this route', async () => {
    const test = await releaseApp();
    const files = fakeBuild({ version: '1.0.0' });
    files.set('static/js/big.js', Buffer.alloc(1_500_000, 'a'));

    const response = await call(test.app, 'PUT', '/releases/remote-wallet/1.0.0', {
      headers: AUTH,
      body: publishBody(files),
    });

    expect(response.statusCode).toBe(200);
    expect(ZPublishReleaseResponse.parse(response.json()).release.bytes).toBeGreaterThan(1_500_000);
  });
});

describe('pinning over HTTP', () => {
  it('pins, refuses a stale pin, rolls back, and keeps the whole history', async () => {
    const test = await releaseApp();
    await publish(test, '1.0.0');
    await publish(test, '1.1.0');
    expect(await walletEntry(test)).toMatchObject({ entry: 'http://localhost:3012/mf-manifest.json' });

    const first = ZPinChangeResponse.parse((await pin(test, { version: '1.0.0', by: 'ana@acme.mx' })).json());
    expect(first).toMatchObject({
      changed: true,
      entry: { seq: 1, action: 'pin', version: '1.0.0', via: 'api' },
    });
    expect(await walletEntry(test)).toEqual({
      name: 'remote-wallet',
      version: '1.0.0',
      entry: 'http://localhost:3001/releases/remote-wallet/1.0.0/mf-manifest.json',
    });

    const second = await pin(test, { version: '1.1.0', expectedSeq: 1, by: 'bob@acme.mx' });
    expect(second.statusCode).toBe(200);
    expect((await walletEntry(test))?.version).toBe('1.1.0');

    const stale = await pin(test, { version: '1.0.0', expectedSeq: 1 });
    expect(errorOf(stale)).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(errorOf(stale).message).toMatch(
      /^remote-wallet changed since you looked: it is now pinned to 1\.1\.0 \(by bob@acme\.mx at \d{4}-\d\d-\d\dT\d\d:\d\dZ\)\. Check `pnpm release status` and try again\.$/,
    );

    const rolledBack = await call(test.app, 'POST', '/releases/remote-wallet/rollback', { headers: AUTH });
    expect(ZPinChangeResponse.parse(rolledBack.json())).toMatchObject({
      entry: { action: 'rollback', version: '1.0.0', previousVersion: '1.1.0' },
      status: { version: '1.0.0', seq: 3 },
    });
    expect((await walletEntry(test))?.version).toBe('1.0.0');

    const status = ZReleasesStatusResponse.parse(
      (await call(test.app, 'GET', '/releases', { headers: AUTH })).json(),
    );
    expect(status.environment).toBe('production');
    expect(status.remotes.find((remote) => remote.remote === 'remote-wallet')).toMatchObject({
      version: '1.0.0',
      seq: 3,
    });
    expect(status.remotes.find((remote) => remote.remote === 'remote-rails')).toMatchObject({
      version: null,
      seq: 0,
    });

    const detail = ZRemoteReleasesResponse.parse(
      (await call(test.app, 'GET', '/releases/remote-wallet', { headers: AUTH })).json(),
    );
    expect(detail.releases.map((release) => release.version)).toEqual(['1.0.0', '1.1.0']);
    expect(detail.history.map((entry) => [entry.seq, entry.action, entry.version, entry.by])).toEqual([
      [1, 'pin', '1.0.0', 'ana@acme.mx'],
      [2, 'pin', '1.1.0', 'bob@acme.mx'],
      [3, 'rollback', '1.0.0', 'release-api'],
    ]);
  });

  it('keeps environments apart; the API serves its own (RELEASE_ENV)', async () => {
    const test = await releaseApp();
    await publish(test, '1.0.0');

    expect((await pin(test, { version: '1.0.0', env: 'staging' })).statusCode).toBe(200);

    expect((await walletEntry(test))?.entry).toBe('http://localhost:3012/mf-manifest.json');
    const staging = ZReleasesStatusResponse.parse(
      (await call(test.app, 'GET', '/releases?env=staging', { headers: AUTH })).json(),
    );
    expect(staging.remotes.find((remote) => remote.remote === 'remote-wallet')?.version).toBe('1.0.0');
  });

  it('refuses a release the shell cannot run, naming what is wrong; force pins it and is recorded', async () => {
    const test = await releaseApp();
    await publish(test, '2.0.0', { requires: { react: '^18.3.1' }, exposes: [] });

    const refused = await pin(test, { version: '2.0.0' });
    expect(errorOf(refused)).toEqual({
      status: 409,
      code: 'CONFLICT',
      message:
        'remote-wallet@2.0.0 cannot be pinned in production: the shell cannot run it.\n' +
        '  - ./WalletArea: the shell loads this module from remote-wallet, and the release does not expose it\n' +
        '  - react: the release requires ^18.3.1, the shell provides 19.3.1\n' +
        'Fix the release, or pin it anyway with --force (force: true), which the history records.',
    });
    expect((await walletEntry(test))?.version).not.toBe('2.0.0');

    const forced = ZPinChangeResponse.parse((await pin(test, { version: '2.0.0', force: true })).json());
    expect(forced.entry).toMatchObject({
      force: true,
      overrides: [
        './WalletArea: the shell loads this module from remote-wallet, and the release does not expose it',
        'react: the release requires ^18.3.1, the shell provides 19.3.1',
      ],
    });
    expect(forced.status.force).toBe(true);
  });

  it('refuses to pin what is not published, and refuses when the gate cannot run unless forced', async () => {
    const test = await releaseApp({ shellManifestPath: '/nonexistent/mf-manifest.json' });
    expect(errorOf(await pin(test, { version: '9.9.9' }))).toMatchObject({
      status: 404,
      message: expect.stringMatching(/^remote-wallet@9\.9\.9 is not published/),
    });
    await publish(test, '1.0.0');

    const noShell = await pin(test, { version: '1.0.0' });
    expect(errorOf(noShell)).toMatchObject({
      status: 503,
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/^The compatibility gate cannot run, so nothing was pinned\./),
    });

    const forced = ZPinChangeResponse.parse((await pin(test, { version: '1.0.0', force: true })).json());
    expect(forced.entry?.overrides?.[0]).toMatch(/^the gate could not run/);
  });

  it('refuses a release that would be served from an origin not in REMOTE_ORIGINS', async () => {
    const test = await releaseApp({ remoteOrigins: ['http://localhost:3012'] });
    await publish(test, '1.0.0');

    const response = await pin(test, { version: '1.0.0', force: true });

    expect(errorOf(response)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message:
        'remote-wallet@1.0.0 would be served from http://localhost:3001, which is not in REMOTE_ORIGINS (http://localhost:3012).',
    });
  });

  it('pins a canary for the named organizations only, until a pin for everyone', async () => {
    const test = await releaseApp();
    await test.db.insert(organizations).values({ name: 'Beta', slug: 'beta-org' });
    await publish(test, '1.0.0');
    await publish(test, '1.1.0');
    await pin(test, { version: '1.0.0' });

    const canary = await pin(test, { version: '1.1.0', organizations: ['beta-org'] });
    expect(ZPinChangeResponse.parse(canary.json()).status.canaries).toMatchObject([
      { version: '1.1.0', organizations: ['beta-org'] },
    ]);

    expect((await walletEntry(test, 'beta-org'))?.version).toBe('1.1.0');
    expect((await walletEntry(test, 'acme-treasury'))?.version).toBe('1.0.0');
    expect((await walletEntry(test))?.version).toBe('1.0.0');

    await pin(test, { version: '1.1.0' });
    expect((await walletEntry(test, 'acme-treasury'))?.version).toBe('1.1.0');
    const status = ZReleasesStatusResponse.parse(
      (await call(test.app, 'GET', '/releases', { headers: AUTH })).json(),
    );
    expect(status.remotes.find((remote) => remote.remote === 'remote-wallet')?.canaries).toEqual([]);
  });

  it('unpins back to the configured remote', async () => {
    const test = await releaseApp();
    await publish(test, '1.0.0');
    await pin(test, { version: '1.0.0' });

    const response = await call(test.app, 'POST', '/releases/remote-wallet/unpin', {
      headers: AUTH,
      body: {},
    });

    expect(ZPinChangeResponse.parse(response.json())).toMatchObject({
      changed: true,
      entry: { action: 'unpin' },
    });
    expect((await walletEntry(test))?.entry).toBe('http://localhost:3012/mf-manifest.json');
    const again = await call(test.app, 'POST', '/releases/remote-wallet/unpin', { headers: AUTH, body: {} });
    expect(ZPinChangeResponse.parse(again.json())).toMatchObject({ changed: false, entry: null });
  });
});

describe('a pin log with a line that is not a pin entry', () => {
  it('keeps serving from the other lines, logs it once, and shows it in the status', async () => {
    const test = await releaseApp();
    await publish(test, '1.0.0');
    await publish(test, '1.1.0');
    await pin(test, { version: '1.0.0' });
    await pin(test, { version: '1.1.0' });
    const file = join(test.config.releases.dir, 'pins', 'production.jsonl');
    const [first, second] = (await readFile(file, 'utf8')).trim().split('\n');
    // As a `pnpm release` of another version might write it against the same DATA_DIR.
    await writeFile(file, `${first}\n{"seq":3,"remote":"remote-wallet","action":"promote"}\n${second}\n`);
    // The app reports skipped lines through its logger.
    const errors = vi.spyOn(test.app.log, 'error');
    onTestFinished(() => errors.mockRestore());

    const boot = await call(test.app, 'GET', '/remotes');
    expect(boot.statusCode, boot.body).toBe(200);
    expect((await walletEntry(test))?.version).toBe('1.1.0');
    const status = ZReleasesStatusResponse.parse(
      (await call(test.app, 'GET', '/releases', { headers: AUTH })).json(),
    );

    expect(status.warnings).toEqual([
      expect.stringMatching(/ line 2 is not a pin entry \(action: .*\); it is skipped/),
    ]);
    expect(status.warnings[0]?.startsWith(file)).toBe(true);
    expect(status.remotes.find((remote) => remote.remote === 'remote-wallet')?.version).toBe('1.1.0');
    const skipped = errors.mock.calls.filter((args) => String(args[1]).includes('not pin entries'));
    expect(skipped).toHaveLength(1);
    expect(skipped[0]?.[0]).toEqual({
      lines: [{ file, line: 2, reason: expect.stringContaining('action') }],
    });

    // Writers still append, after every seq the log has seen.
    const next = ZPinChangeResponse.parse((await pin(test, { version: '1.0.0' })).json());
    expect(next.entry?.seq).toBe(4);
  });
});

describe('expectedSeq', () => {
  it('answers a seq the remote never had with what its latest is, not "changed since you looked"', async () => {
    const test = await releaseApp();
    await publish(test, '1.0.0');
    await pin(test, { version: '1.0.0', by: 'ana@acme.mx' });

    const response = await pin(test, { version: '1.0.0', expectedSeq: 999 });

    expect(errorOf(response)).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: expect.stringMatching(
        /^remote-wallet has no seq 999: its latest is seq 1 \(it is now pinned to 1\.0\.0, by ana@acme\.mx at /,
      ),
    });
  });
});

describe('a canary for an organization that does not exist', () => {
  it('is refused with 400 naming the slug (routes given the organization directory)', async () => {
    const database = await emptyTestDatabase();
    await database.db.insert(organizations).values({ name: 'Globex', slug: 'globex' });
    const dir = await tempDir();
    const config = {
      ...testConfig().releases,
      dir: join(dir, 'releases'),
      token: TOKEN,
      shellManifestPath: await writeShellManifest(join(dir, 'shell')),
    };
    const { service } = openReleases(config, 'api', { organizations: organizationDirectory(database.db) });
    const app = Fastify();
    registerErrorHandling(app);
    await app.register(async (api) => registerReleaseRoutes(api, { releases: service, token: TOKEN }), {
      prefix: API_PREFIX,
    });
    onTestFinished(() => app.close());
    await service.publish({ remote: 'remote-wallet', files: fakeBuild({ version: '1.1.0' }), by: 'ci' });

    const response = await call(app, 'POST', '/releases/remote-wallet/pins', {
      headers: AUTH,
      body: { version: '1.1.0', organizations: ['no-such-org'] },
    });

    const message =
      'There is no organization "no-such-org", so nothing was pinned. A canary names organizations by their slug (as in /org/<slug>/…).';
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION',
        message,
        messageCode: 'messages.releaseUnknownOrganization',
        params: { organizations: '"no-such-org"' },
        fields: { organizations: message },
        fieldCodes: {
          organizations: {
            code: 'messages.releaseUnknownOrganization',
            params: { organizations: '"no-such-org"' },
          },
        },
        // This app has the routes and the error path only (no x-request-id hook): Fastify's id.
        requestId: expect.any(String),
      },
    });
    expect(response.statusCode).toBe(400);
    const known = await call(app, 'POST', '/releases/remote-wallet/pins', {
      headers: AUTH,
      body: { version: '1.1.0', organizations: ['globex'] },
    });
    expect(known.statusCode, known.body).toBe(200);
  });
});

describe('serving release files (GET /releases/<remote>/<version>/<path>)', () => {
  it('serves a stored file as immutable, with its content type and CORS', async () => {
    const test = await releaseApp();
    await publish(test, '1.0.0');

    const script = await test.app.inject({
      method: 'GET',
      url: '/releases/remote-wallet/1.0.0/static/js/remote.js',
    });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log("1.0.0");');
    expect(script.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'access-control-allow-origin': '*',
      'content-type': 'text/javascript; charset=utf-8',
      'x-content-type-options': 'nosniff',
    });
    const manifest = await test.app.inject({
      method: 'GET',
      url: '/releases/remote-wallet/1.0.0/mf-manifest.json',
    });
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(manifest.json()).toMatchObject({ name: 'remote_wallet' });
    const css = await test.app.inject({
      method: 'HEAD',
      url: '/releases/remote-wallet/1.0.0/static/css/remote.css',
    });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers 404 JSON, never cached, for anything that is not a stored file, traversal included', async () => {
    const test = await releaseApp();
    await publish(test, '1.0.0');
    await pin(test, { version: '1.0.0' });

    for (const url of [
      '/releases/remote-wallet/1.0.0/missing.js',
      '/releases/remote-wallet/9.9.9/mf-manifest.json',
      '/releases/remote-nope/1.0.0/mf-manifest.json',
      '/releases/remote-wallet/1.0.0/../release.json',
      '/releases/remote-wallet/1.0.0/%2e%2e/release.json',
      '/releases/remote-wallet/1.0.0/..%2f..%2fpins%2fproduction.jsonl',
      '/releases/remote-wallet/..%2f..%2fpins/production.jsonl',
      '/releases/remote-wallet/1.0.0/static',
    ]) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.body).not.toMatch(/"seq"|"contentHash"/);
    }
  });

  it('a pinned release whose files are gone stays in the manifest and its files answer 404', async () => {
    const test = await releaseApp();
    await publish(test, '1.0.0');
    await pin(test, { version: '1.0.0' });
    await rm(join(test.config.releases.dir, 'remote-wallet/1.0.0/files'), { recursive: true });

    expect((await walletEntry(test))?.version).toBe('1.0.0');
    const response = await test.app.inject({
      method: 'GET',
      url: '/releases/remote-wallet/1.0.0/mf-manifest.json',
    });
    expect(response.statusCode).toBe(404);
  });
});

import type { TRemotesManifest } from '@dash/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
}));
const api = vi.hoisted(() => ({ getRemotesManifest: vi.fn() }));

vi.mock('@module-federation/enhanced/runtime', () => runtime);
vi.mock('@dash/shared', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@dash/shared')>()),
  getRemotesManifest: api.getRemotesManifest,
}));

const manifest = (walletVersion: string): TRemotesManifest => ({
  remotes: [
    {
      name: 'remote-wallet',
      version: walletVersion,
      entry: `http://localhost:3001/releases/remote-wallet/${walletVersion}/mf-manifest.json`,
    },
    { name: 'remote-messages', version: '0.1.0', entry: 'http://localhost:3011/mf-manifest.json' },
  ],
});

const Area = () => null;

/** A fresh copy of the module: its manifest and version caches are per page. */
const federation = () => import('./federation');

beforeEach(() => {
  vi.resetModules();
  for (const mock of [...Object.values(runtime), ...Object.values(api)]) mock.mockReset();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the runtime remotes manifest', () => {
  it('is asked for the organization in the URL at boot, and registered once', async () => {
    window.history.replaceState(null, '', '/org/beta-org/wallet');
    api.getRemotesManifest.mockResolvedValue(manifest('0.9.1'));
    const { loadRemotesManifest } = await federation();

    await loadRemotesManifest();
    await loadRemotesManifest();

    expect(api.getRemotesManifest).toHaveBeenCalledTimes(1);
    expect(api.getRemotesManifest.mock.calls[0]?.[1]).toEqual({ organization: 'beta-org' });
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes.mock.calls[0]?.[0]).toContainEqual({
      name: 'remote_wallet',
      entry: 'http://localhost:3001/releases/remote-wallet/0.9.1/mf-manifest.json',
      version: '0.9.1',
    });
  });

  it('is asked without an organization outside organization pages', async () => {
    window.history.replaceState(null, '', '/settings/profile');
    api.getRemotesManifest.mockResolvedValue(manifest('0.9.0'));
    const { loadRemotesManifest } = await federation();

    await loadRemotesManifest();

    expect(api.getRemotesManifest.mock.calls[0]?.[1]).toEqual({});
  });
});

describe('loading a remote module', () => {
  it('gives up on a hanging remote after the per-attempt timeout, retrying with backoff first', async () => {
    vi.useFakeTimers();
    api.getRemotesManifest.mockResolvedValue(manifest('0.9.0'));
    runtime.loadRemote.mockReturnValue(new Promise(() => undefined));
    const { loadRemoteComponent, LOAD_ATTEMPT_TIMEOUT_MS } = await federation();

    const loading = loadRemoteComponent('remote-wallet/WalletArea');
    const outcome = loading.then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(3 * LOAD_ATTEMPT_TIMEOUT_MS + 400 + 1200);

    expect(await outcome).toBe('remote-wallet/WalletArea did not load within 10 s');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
    // Each retry forgets what the runtime cached about the remote.
    expect(runtime.registerRemotes).toHaveBeenCalledWith(expect.any(Array), { force: true });
  });

  it('returns the module and remembers which build ran, for the About panel', async () => {
    api.getRemotesManifest.mockResolvedValue(manifest('0.9.1'));
    runtime.loadRemote.mockResolvedValue({ default: Area });
    const { loadRemoteComponent, runningRemotes } = await federation();

    expect(await loadRemoteComponent('remote-wallet/WalletArea')).toBe(Area);

    const plugin = runtime.registerPlugins.mock.calls[0]?.[0]?.[0];
    plugin.afterLoadSnapshot({
      moduleInfo: { name: 'remote_wallet' },
      remoteSnapshot: { buildVersion: '0.9.1' },
    });
    await loadRemoteComponent('remote-wallet/WalletArea');
    const running = await runningRemotes();
    expect(running.remotes.map((remote) => [remote.name, remote.version, remote.loadedVersion])).toEqual([
      ['remote-wallet', '0.9.1', '0.9.1'],
      ['remote-messages', '0.1.0', undefined],
    ]);
  });
});

describe('switching organization', () => {
  it('reloads the page when the new organization gets another build of the remote (a canary)', async () => {
    window.history.replaceState(null, '', '/org/acme-treasury/wallet');
    api.getRemotesManifest.mockImplementation((_signal, options: { organization?: string }) =>
      Promise.resolve(manifest(options.organization === 'beta-org' ? '0.9.1' : '0.9.0')),
    );
    const { ensureOrganizationBuild } = await federation();
    const reload = vi.fn();

    await ensureOrganizationBuild('remote-messages', 'beta-org', reload);
    expect(reload).not.toHaveBeenCalled();
    await ensureOrganizationBuild('remote-wallet', 'acme-treasury', reload);
    expect(reload).not.toHaveBeenCalled();

    void ensureOrganizationBuild('remote-wallet', 'beta-org', reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // One manifest request per organization.
    expect(api.getRemotesManifest).toHaveBeenCalledTimes(2);
  });

  it('never blocks an area when the manifest cannot be fetched', async () => {
    api.getRemotesManifest.mockRejectedValue(new Error('offline'));
    const { ensureOrganizationBuild } = await federation();
    const reload = vi.fn();

    await expect(ensureOrganizationBuild('remote-wallet', 'beta-org', reload)).resolves.toBeUndefined();
    expect(reload).not.toHaveBeenCalled();
  });
});

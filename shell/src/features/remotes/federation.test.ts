import type { TRemotesManifest } from '@dash/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
}));
const api = vi.hoisted(() => ({ getRemotesManifest: vi.fn(), readBootData: vi.fn() }));

vi.mock('@module-federation/enhanced/runtime', () => runtime);
vi.mock('@dash/shared', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@dash/shared')>()),
  getRemotesManifest: api.getRemotesManifest,
  readBootData: api.readBootData,
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
    const { loadRemoteComponent, runningRemotes } = await federation();

    runtime.loadRemote.mockImplementation(async () => {
      // The runtime reports the snapshot of the build it loads (its federation manifest).
      const plugin = runtime.registerPlugins.mock.calls[0]?.[0]?.[0];
      plugin.afterLoadSnapshot({
        moduleInfo: { name: 'remote_wallet' },
        remoteSnapshot: { buildVersion: '0.9.1+build.7' },
      });
      return { default: Area };
    });

    expect(await loadRemoteComponent('remote-wallet/WalletArea')).toBe(Area);
    const running = await runningRemotes();
    expect(running.remotes.map((remote) => [remote.name, remote.version, remote.loadedVersion])).toEqual([
      ['remote-wallet', '0.9.1', '0.9.1+build.7'],
      ['remote-messages', '0.1.0', undefined],
    ]);
  });
});

describe('a Retry after a failed load', () => {
  it('loads the build the server names now: a rollback made since the page loaded is picked up', async () => {
    vi.useFakeTimers();
    // The page loaded with 1.5.0, whose entry is broken; it is rolled back to 1.0.0 meanwhile.
    api.getRemotesManifest.mockResolvedValueOnce(manifest('1.5.0')).mockResolvedValue(manifest('1.0.0'));
    runtime.loadRemote.mockRejectedValue(new SyntaxError('Unexpected token <'));
    const { loadRemoteComponent } = await federation();

    const failed = loadRemoteComponent('remote-wallet/WalletArea').catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(400 + 1200);
    expect(await failed).toBe('Unexpected token <');

    runtime.registerRemotes.mockClear();
    runtime.loadRemote.mockResolvedValue({ default: Area });
    expect(await loadRemoteComponent('remote-wallet/WalletArea', true)).toBe(Area);
    expect(api.getRemotesManifest).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenCalledExactlyOnceWith(
      [
        {
          name: 'remote_wallet',
          entry: 'http://localhost:3001/releases/remote-wallet/1.0.0/mf-manifest.json',
          version: '1.0.0',
        },
      ],
      { force: true },
    );
  });

  it('keeps to the manifest the page has when the server cannot be asked', async () => {
    api.getRemotesManifest.mockResolvedValueOnce(manifest('0.9.0')).mockRejectedValue(new Error('offline'));
    runtime.loadRemote.mockResolvedValue({ default: Area });
    const { loadRemoteComponent, loadRemotesManifest } = await federation();
    await loadRemotesManifest();

    expect(await loadRemoteComponent('remote-wallet/WalletArea', true)).toBe(Area);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [expect.objectContaining({ version: '0.9.0' })],
      { force: true },
    );
  });
});

describe('the area of the route, at boot', () => {
  const MESSAGES_ENTRY = 'http://localhost:3011/mf-manifest.json';
  /** The page as the dashboard origin sends it: boot data with the manifests. */
  function pageWithBootData(signedIn: boolean) {
    window.history.replaceState(null, '', '/org/acme-treasury/messages');
    api.readBootData.mockReturnValue({
      organization: 'acme-treasury',
      remotes: manifest('0.9.0'),
      me: signedIn
        ? {
            uid: 'b0b5ee2c-0fd6-4d5d-8b3c-6a4f0f0e6a11',
            email: 'a@b.co',
            firstName: 'A',
            lastName: 'B',
            type: 'user',
          }
        : null,
      federationManifests: { [MESSAGES_ENTRY]: { name: 'remote_messages', exposes: [] } },
    });
  }

  it('starts loading before the shell renders, and the area joins that load', async () => {
    pageWithBootData(true);
    runtime.loadRemote.mockResolvedValue({ default: Area });
    const { loadRemotesManifest, startRouteArea, loadRemoteComponent } = await federation();

    await loadRemotesManifest();
    startRouteArea(window.location.pathname);
    expect(await loadRemoteComponent('remote-messages/MessagesArea')).toBe(Area);

    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith('remote_messages/MessagesArea');
    // The manifest came with the page: no request for it.
    expect(api.getRemotesManifest).not.toHaveBeenCalled();
  });

  it('starts nothing for a signed-out visitor, who is sent to sign in', async () => {
    pageWithBootData(false);
    const { startRouteArea } = await federation();

    startRouteArea(window.location.pathname);
    await Promise.resolve();

    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('hands the runtime the federation manifest the page came with, once; anything else is fetched', async () => {
    pageWithBootData(true);
    const { loadRemotesManifest } = await federation();
    await loadRemotesManifest();
    const plugin = runtime.registerPlugins.mock.calls[0]?.[0]?.[0];

    const first: Response = await plugin.fetch(MESSAGES_ENTRY, {});
    expect(await first.json()).toEqual({ name: 'remote_messages', exposes: [] });
    // A retry after a failure must really ask the remote again.
    expect(plugin.fetch(MESSAGES_ENTRY, {})).toBeUndefined();
    expect(plugin.fetch('http://localhost:3001/other/mf-manifest.json', {})).toBeUndefined();
  });

  it('starts a remote in tasks of its own: its container’s init and its module’s factory each wait for the next task', async () => {
    pageWithBootData(true);
    const { loadRemotesManifest } = await federation();
    await loadRemotesManifest();
    const plugin = runtime.registerPlugins.mock.calls[0]?.[0]?.[0];
    const args = { shareScope: {}, initScope: [], remoteEntryInitOptions: {} };

    const settled: string[] = [];
    const init = plugin.beforeInitContainer(args).then((value: unknown) => {
      settled.push('init');
      return value;
    });
    const factory = plugin.beforeExecuteFactory({}).then(() => settled.push('factory'));
    // Microtasks alone (what one task runs to its end) do not let either through.
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
    expect(settled).toEqual([]);
    await expect(init).resolves.toBe(args);
    await factory;
    expect(settled).toEqual(['init', 'factory']);
  });

  it('forgets a failed load, so the next one tries again', async () => {
    vi.useFakeTimers();
    runtime.loadRemote.mockRejectedValue(new Error('remote down'));
    api.getRemotesManifest.mockResolvedValue(manifest('0.9.0'));
    const { loadRemoteComponent } = await federation();

    const failed = loadRemoteComponent('remote-wallet/WalletArea').catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(400 + 1200);
    expect(await failed).toBe('remote down');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);

    runtime.loadRemote.mockResolvedValue({ default: Area });
    expect(await loadRemoteComponent('remote-wallet/WalletArea')).toBe(Area);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(4);
  });
});

describe('the monolith build', () => {
  it('has a stand-in with the same exports (MONOLITH=1 swaps it in; a missing one breaks only that build)', async () => {
    const monolith = await import('../../../scripts/monolith/federation');
    expect(Object.keys(monolith).sort()).toEqual(Object.keys(await federation()).sort());
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

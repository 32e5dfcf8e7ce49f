import {
  containerName,
  getRemotesManifest,
  organizationSlugOfPath,
  readBootData,
  remoteModuleOfPath,
  remoteOf,
  sameRemoteEntry,
  type TRemoteEntry,
  type TRemoteModule,
  type TRemoteName,
  type TRemotesManifest,
} from '@dash/shared';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { nextTask } from '../../next-task';

/**
 * The shell knows no remote URL at build time. At boot it fetches the runtime remotes manifest for
 * the organization in the URL (a canary pin may name it) and registers each remote with the
 * federation runtime; areas wait for that, never the shell.
 */
let boot: { organization: string | undefined; manifest: Promise<TRemotesManifest> } | undefined;
const manifestsByOrganization = new Map<string, Promise<TRemotesManifest>>();
/** Federation container -> the buildVersion of the build the runtime loaded for it. */
const snapshotVersions = new Map<string, string>();
const loadedVersions = new Map<TRemoteName, string>();

/** One attempt to load a remote module gives up after this long: a hanging remote ends in its contained error. */
export const LOAD_ATTEMPT_TIMEOUT_MS = 10_000;
const MANIFEST_TIMEOUT_MS = 10_000;
const RETRY_DELAYS_MS = [400, 1200];

let bootManifestUsed = false;

function fetchManifest(organization: string | undefined): Promise<TRemotesManifest> {
  // The page came with the manifest for this organization: the first load uses it instead of
  // asking again; anything later (a retry, another organization) asks the server.
  const bootData = bootManifestUsed ? null : readBootData();
  bootManifestUsed = true;
  if (bootData && bootData.organization === organization) return Promise.resolve(bootData.remotes);
  return getRemotesManifest(AbortSignal.timeout(MANIFEST_TIMEOUT_MS), organization ? { organization } : {});
}

function toFederationRemote(remote: TRemoteEntry) {
  return { name: containerName(remote.name), entry: remote.entry, version: remote.version };
}

/** Entry URLs whose federation manifest this page came with and the runtime has taken already. */
const inlinedManifestsTaken = new Set<string>();

/**
 * The federation manifest of `url` if the page came with it (boot data) and the runtime has not
 * taken it yet: the first load of the route's remote needs no manifest round trip; any later one
 * (a retry after a failure) fetches it as usual.
 */
function takeInlinedManifest(url: string): unknown {
  const manifest = readBootData()?.federationManifests?.[url];
  if (manifest === undefined || inlinedManifestsTaken.has(url)) return undefined;
  inlinedManifestsTaken.add(url);
  return manifest;
}

let pluginRegistered = false;
function registerRuntimePlugin(): void {
  if (pluginRegistered) return;
  pluginRegistered = true;
  registerPlugins([
    {
      name: 'dash-shell',
      fetch(url) {
        const manifest = takeInlinedManifest(url);
        if (manifest === undefined) return undefined;
        return Promise.resolve(
          new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/json' } }),
        );
      },
      // A remote's start is three pieces of work: its entry script, its container's init (its
      // shared modules matched against the page's), then its module's factory (the area's code
      // and its contracts). Each runs in a task of its own, instead of one long task.
      async beforeInitContainer(args) {
        await nextTask();
        return args;
      },
      async beforeExecuteFactory() {
        await nextTask();
      },
      afterLoadSnapshot(args) {
        const snapshot = args.remoteSnapshot as { buildVersion?: unknown } | undefined;
        if (typeof snapshot?.buildVersion === 'string')
          snapshotVersions.set(args.moduleInfo.name, snapshot.buildVersion);
        return args;
      },
    },
  ]);
}

export function loadRemotesManifest(): Promise<TRemotesManifest> {
  if (!boot) {
    const organization = organizationSlugOfPath(window.location.pathname);
    const manifest = fetchManifest(organization).then(
      (loaded) => {
        registerRuntimePlugin();
        registerRemotes(loaded.remotes.map(toFederationRemote));
        return loaded;
      },
      (error: unknown) => {
        boot = undefined; // the next area load asks again
        throw error;
      },
    );
    boot = { organization, manifest };
    if (organization) manifestsByOrganization.set(organization, manifest);
  }
  return boot.manifest;
}

/**
 * Called when an area of `remote` opens for `organization`. This page registered the builds of the
 * organization it started in; when a canary gives another organization a different build of this
 * remote, only a full page load runs the right one (a federation container cannot be swapped in
 * place). Resolves when the registered build is right; otherwise the page is reloading.
 */
export async function ensureOrganizationBuild(
  remote: TRemoteName,
  organization: string | undefined,
  reloadPage: () => void = () => window.location.reload(),
): Promise<void> {
  let same: boolean;
  try {
    const registered = await loadRemotesManifest();
    if (!organization || organization === boot?.organization) return;
    let wanted = manifestsByOrganization.get(organization);
    if (!wanted) {
      wanted = fetchManifest(organization);
      manifestsByOrganization.set(organization, wanted);
      wanted.catch(() => manifestsByOrganization.delete(organization));
    }
    same = sameRemoteEntry(registered, await wanted, remote);
  } catch {
    return; // no manifest to compare with: loading the area reports what failed
  }
  if (same) return;
  reloadPage();
  await new Promise<never>(() => undefined);
}

/** Re-exported for the shell's areas (one definition, in the remotes contract). */
export { remoteOf };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The load under way (or done) of each exposed module, so the boot's early start and the area share one. */
const loads = new Map<TRemoteModule, Promise<ComponentType>>();

/**
 * Loads one exposed module of a remote, each attempt bounded by LOAD_ATTEMPT_TIMEOUT_MS, retrying
 * with backoff; `fresh` forgets what the runtime cached about the remote first and loads the build
 * the server names now (after a failure, the user's Retry must really try again, a rollback made
 * meanwhile included). Calls for a module already loading share that load; a failed load is
 * forgotten.
 */
export function loadRemoteComponent(module: TRemoteModule, fresh = false): Promise<ComponentType> {
  const running = fresh ? undefined : loads.get(module);
  if (running) return running;
  const load = loadWithRetries(module, fresh);
  loads.set(module, load);
  load.catch(() => {
    if (loads.get(module) === load) loads.delete(module);
  });
  return load;
}

/**
 * Starts loading the area the page's route renders, at boot, in parallel with the shell's first
 * render instead of after it (the area's own load then joins this one). Only for a signed-in page
 * (boot data with a session): a signed-out visitor is sent to sign in.
 */
export function startRouteArea(pathname: string): void {
  const module = remoteModuleOfPath(pathname);
  if (!module || !readBootData()?.me) return;
  loadRemoteComponent(module).catch(() => {
    // The area shows its own contained error with Retry.
  });
}

/**
 * The remotes manifest as the server has it now, for a Retry: since the page loaded, the failing
 * build may have been rolled back or pinned to another version. The page's own manifest if the
 * server cannot say (the attempt then fails or succeeds on what the page had).
 */
async function currentManifest(): Promise<TRemotesManifest> {
  const loaded = await loadRemotesManifest();
  return fetchManifest(boot?.organization).catch(() => loaded);
}

async function loadWithRetries(module: TRemoteModule, fresh: boolean): Promise<ComponentType> {
  let lastError: unknown;
  // A Retry asks for the current manifest once; the attempts after it use the same answer.
  let latest: Promise<TRemotesManifest> | undefined;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
    try {
      if (fresh) latest ??= currentManifest();
      const manifest = await (latest ?? loadRemotesManifest());
      const remote = manifest.remotes.find((entry) => entry.name === remoteOf(module));
      if (!remote) throw new Error(`${remoteOf(module)} is not in the remotes manifest`);
      if (fresh || attempt > 0) registerRemotes([toFederationRemote(remote)], { force: true });
      const container = containerName(remote.name);
      const id = `${container}/${module.slice(module.indexOf('/') + 1)}`;
      const loaded = await withTimeout(
        loadRemote<{ default: ComponentType }>(id),
        LOAD_ATTEMPT_TIMEOUT_MS,
        `${module} did not load within ${LOAD_ATTEMPT_TIMEOUT_MS / 1000} s`,
      );
      if (!loaded?.default) throw new Error(`${module} did not load`);
      loadedVersions.set(remote.name, snapshotVersions.get(container) ?? remote.version);
      return loaded.default;
    } catch (error) {
      lastError = error;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay !== undefined) await sleep(delay);
    }
  }
  throw lastError instanceof Error ? lastError : new Error(`${module} did not load`);
}

export interface RunningRemote extends TRemoteEntry {
  /** The version of the build this page loaded (its federation manifest's buildVersion), once loaded. */
  loadedVersion: string | undefined;
}

/** The versions of the remotes this page runs, for the About panel and support. */
export async function runningRemotes(): Promise<{
  organization: string | undefined;
  remotes: RunningRemote[];
}> {
  const manifest = await loadRemotesManifest();
  return {
    organization: boot?.organization,
    remotes: manifest.remotes.map((remote) => ({
      ...remote,
      loadedVersion: loadedVersions.get(remote.name),
    })),
  };
}

import {
  REMOTE_NAMES,
  type TRemoteEntry,
  type TRemoteName,
  type TRemotesManifest,
} from '@dash/shared/contracts';

export type RemotesService = ReturnType<typeof createRemotesService>;

/** What the release pins serve: remote -> pinned build. */
export type ServedReleases = ReadonlyMap<TRemoteName, { version: string; entry: string }>;

export interface RemotesServiceDeps {
  /** The configured remotes (REMOTES): what a remote without a pin is served from. */
  remotes: readonly TRemoteEntry[];
  /** The pinned builds for a page of `organization` (canaries apply); none when release pins are unused. */
  servedReleases?: (organization?: string) => Promise<ServedReleases>;
  /** Origins a manifest entry may come from (REMOTE_ORIGINS). */
  allowedOrigins: readonly string[];
  /** Told about an entry left out because its origin is not allowed. */
  onRefused?: (entry: TRemoteEntry) => void;
}

/**
 * The manifest, per remote: its pin (a canary naming the organization first, then the pin for
 * everyone) over the configured remote. Entries whose origin is not on the allowlist never go out.
 */
export function deriveManifest(
  configured: readonly TRemoteEntry[],
  served: ServedReleases,
  allowedOrigins: readonly string[],
  onRefused: (entry: TRemoteEntry) => void = () => undefined,
): TRemotesManifest {
  const pinned = (name: TRemoteName): TRemoteEntry | undefined => {
    const release = served.get(name);
    return release ? { name, entry: release.entry, version: release.version } : undefined;
  };
  const entries = [
    ...configured.map((remote) => pinned(remote.name) ?? { ...remote }),
    ...REMOTE_NAMES.filter((name) => !configured.some((remote) => remote.name === name)).flatMap(
      (name) => pinned(name) ?? [],
    ),
  ];
  const allowed = new Set(allowedOrigins);
  return {
    remotes: entries.filter((entry) => {
      if (allowed.has(new URL(entry.entry).origin)) return true;
      onRefused(entry);
      return false;
    }),
  };
}

/**
 * The runtime manifest the shell fetches at boot, derived on every request from the release pins
 * of this API's environment (cheap: the pin log is cached by mtime), so a new pin is live on the
 * next page load with no rebuild or restart.
 */
export function createRemotesService(deps: RemotesServiceDeps) {
  return {
    async manifest(organization?: string): Promise<TRemotesManifest> {
      const served = deps.servedReleases ? await deps.servedReleases(organization) : new Map();
      return deriveManifest(deps.remotes, served, deps.allowedOrigins, deps.onRefused);
    },
  };
}

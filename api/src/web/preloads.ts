import { readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteModuleOfPath, type TRemotesManifest } from '@dash/shared/contracts';
import { z } from 'zod';
import { type TFederationManifest, ZFederationManifest } from '../modules/releases/build-info';

/**
 * The preload links of a dashboard page, so the browser fetches in parallel, while it parses the
 * HTML, what it would otherwise discover one round trip after another (entry → bootstrap and shared
 * chunks → remote manifest → remote entry → exposed chunk):
 * - the shell's boot chunks, listed at build time in dist/boot-assets.json (see
 *   shared/src/build/boot-assets.ts);
 * - for a path a remote renders, that remote's entry and the exposed module's own chunks, read
 *   from the federation manifest the runtime manifest points at (fetched once per entry URL, kept
 *   for a minute; a release pin gives a new URL).
 * They are `rel=preload as=script` without `crossorigin`: the federation runtime and the chunk
 * loader insert classic scripts without it, and a preload only serves a request of the same mode.
 */
const BOOT_ASSETS_FILE = 'boot-assets.json';
const MANIFEST_TTL_MS = 60_000;
/** A manifest that could not be read is asked for again sooner (a remote still starting, a blip). */
const FAILED_MANIFEST_TTL_MS = 5_000;
const MANIFEST_TIMEOUT_MS = 1_000;

const ZAssetFiles = z.object({ js: z.array(z.string()), css: z.array(z.string()).default([]) });
const ZBootAssets = ZAssetFiles.extend({
  signIn: ZAssetFiles.default({ js: [], css: [] }),
  remotes: z.literal(false).optional(),
});

type FederationManifest = TFederationManifest;

export interface Preload {
  href: string;
  as: 'script' | 'style';
}

const preloadsOf = (files: z.infer<typeof ZAssetFiles>): Preload[] => [
  ...files.css.map((file): Preload => ({ href: `/${file}`, as: 'style' })),
  ...files.js.map((file): Preload => ({ href: `/${file}`, as: 'script' })),
];

/**
 * The shell's boot chunks as preloads, what the sign-in page adds to them (none when the build
 * has no boot-assets.json), and whether the build loads remotes (the monolith build does not).
 */
export function readShellPreloads(distDir: string): {
  boot: Preload[];
  signIn: Preload[];
  remotes: boolean;
} {
  let text: string;
  try {
    text = readFileSync(path.join(distDir, BOOT_ASSETS_FILE), 'utf8');
  } catch {
    return { boot: [], signIn: [], remotes: true };
  }
  const parsed = ZBootAssets.safeParse(JSON.parse(text));
  if (!parsed.success) return { boot: [], signIn: [], remotes: true };
  return {
    boot: preloadsOf(parsed.data),
    signIn: preloadsOf(parsed.data.signIn),
    remotes: parsed.data.remotes !== false,
  };
}

/** Absolute URLs of a remote's entry and of one exposed module's chunks, from its manifest. */
export function remotePreloadsOf(
  manifestUrl: string,
  manifest: FederationManifest,
  module: string,
): Preload[] {
  const { remoteEntry, publicPath } = manifest.metaData;
  if (!remoteEntry?.name) return [];
  // 'auto' (our remotes): files are relative to the manifest's own URL.
  const base =
    publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : new URL('./', manifestUrl);
  const file = (name: string) => new URL(name, base).href;
  const entry = file(path.posix.join(remoteEntry.path, remoteEntry.name));
  const exposed = manifest.exposes.find((expose) => expose.path === `./${module}`);
  return [entry, ...(exposed?.assets?.js?.sync ?? []).map(file)].map((href) => ({ href, as: 'script' }));
}

/**
 * What a dashboard page starts with besides its HTML: the preload links, and the federation
 * manifest of the remote its route renders (by entry URL), which the page hands to the federation
 * runtime so it does not fetch it again (one round trip less before the area renders).
 */
export interface PageAssets {
  preloads: Preload[];
  federationManifests: Record<string, TFederationManifest>;
}

export type FetchManifest = (url: string) => Promise<unknown>;

const fetchJson: FetchManifest = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
};

export function createPreloads(options: {
  distDir: string;
  fetchManifest?: FetchManifest;
  now?: () => number;
}) {
  const { boot, signIn, remotes: loadsRemotes } = readShellPreloads(options.distDir);
  const fetchManifest = options.fetchManifest ?? fetchJson;
  const now = options.now ?? Date.now;
  const manifests = new Map<string, { expires: number; manifest: Promise<FederationManifest | null> }>();

  function manifestAt(url: string): Promise<FederationManifest | null> {
    const cached = manifests.get(url);
    if (cached && now() < cached.expires) return cached.manifest;
    // A remote that is down or not a federation build only costs its preloads.
    const manifest = fetchManifest(url)
      .then((json) => ZFederationManifest.safeParse(json).data ?? null)
      .catch(() => null);
    const entry = { expires: now() + MANIFEST_TTL_MS, manifest };
    manifests.set(url, entry);
    void manifest.then((read) => {
      if (read === null) entry.expires = now() + FAILED_MANIFEST_TTL_MS;
    });
    return manifest;
  }

  return {
    /**
     * Preloads (and the route's federation manifest) for a dashboard page at `pathname`, served
     * with this runtime manifest. Without a session the shell sends the visitor to sign in: the
     * sign-in page's chunks are worth fetching then, and no remote's files.
     */
    async forPage(pathname: string, remotes: TRemotesManifest, signedIn: boolean): Promise<PageAssets> {
      if (!signedIn) return { preloads: [...boot, ...signIn], federationManifests: {} };
      if (!loadsRemotes) return { preloads: boot, federationManifests: {} };
      const target = remoteModuleOfPath(pathname);
      const [remote, module] = target ? (target.split('/') as [string, string]) : [];
      const entry = remotes.remotes.find((candidate) => candidate.name === remote);
      const manifest = entry && module ? await manifestAt(entry.entry) : null;
      if (!entry || !module || !manifest) return { preloads: boot, federationManifests: {} };
      return {
        preloads: [...boot, ...remotePreloadsOf(entry.entry, manifest, module)],
        federationManifests: { [entry.entry]: manifest },
      };
    },
  };
}
export type Preloads = ReturnType<typeof createPreloads>;

import { codedMessage, type TReleaseSharedDependency } from '@dash/shared/contracts';
import { z } from 'zod';
import { CodedError } from '../../http/errors';

/**
 * What a federated build says about itself, read from its `mf-manifest.json` (shared dependencies,
 * exposes, container name, build version) and, when present, `mf-stats.json` (the export lists of
 * the tree-shaken shared packages, which the manifest does not carry).
 */
export interface BuildInfo {
  container: string;
  buildVersion: string | null;
  shared: TReleaseSharedDependency[];
  exposes: string[];
  mantineExports: string[] | null;
  /** Tree-shaken shared package -> the exports the build needs (from mf-stats.json); null without stats. */
  treeShakenExports: Record<string, string[]> | null;
}

export const FEDERATION_MANIFEST_FILE = 'mf-manifest.json';
export const FEDERATION_STATS_FILE = 'mf-stats.json';

const ZManifestShared = z.looseObject({
  name: z.string(),
  version: z.string().optional(),
  requiredVersion: z.union([z.string(), z.literal(false)]).optional(),
  singleton: z.boolean().optional(),
});

/** The parts of a federation manifest the API reads (here, and for page preloads in src/web/preloads.ts). */
export const ZFederationManifest = z.looseObject({
  name: z.string(),
  metaData: z.looseObject({
    buildInfo: z.looseObject({ buildVersion: z.string().optional() }).optional(),
    remoteEntry: z.looseObject({ name: z.string(), path: z.string().default('') }).optional(),
    publicPath: z.string().optional(),
  }),
  shared: z.array(ZManifestShared).default([]),
  exposes: z
    .array(
      z.looseObject({
        path: z.string(),
        assets: z
          .looseObject({ js: z.looseObject({ sync: z.array(z.string()).default([]) }).optional() })
          .optional(),
      }),
    )
    .default([]),
});
export type TFederationManifest = z.infer<typeof ZFederationManifest>;

const ZFederationStats = z.looseObject({
  shared: z
    .array(
      z.looseObject({
        name: z.string(),
        treeShaking: z.looseObject({ usedExports: z.array(z.string()).optional() }).optional(),
      }),
    )
    .default([]),
});

export class BuildInfoError extends CodedError {
  override readonly name = 'BuildInfoError';
}

function parseJson(bytes: Buffer | string, file: string): unknown {
  try {
    return JSON.parse(bytes.toString());
  } catch {
    throw new BuildInfoError(codedMessage('messages.releaseFileNotJson', { file }));
  }
}

/**
 * Reads the build's own description. `stats` is optional: without it, nothing is known about the
 * Mantine export list and that rule of the compatibility gate is skipped.
 */
export function readBuildInfo(manifest: Buffer | string, stats?: Buffer | string): BuildInfo {
  const parsed = ZFederationManifest.safeParse(parseJson(manifest, FEDERATION_MANIFEST_FILE));
  if (!parsed.success) {
    throw new BuildInfoError(
      codedMessage('messages.releaseNotFederationManifest', {
        file: FEDERATION_MANIFEST_FILE,
        reason: String(parsed.error.issues[0]?.message),
      }),
    );
  }
  const { data } = parsed;
  // One entry per request (react, react/jsx-runtime…): keep each name once.
  const shared = new Map<string, TReleaseSharedDependency>();
  for (const entry of data.shared) {
    shared.set(entry.name, {
      name: entry.name,
      version: entry.version ?? null,
      requiredVersion: typeof entry.requiredVersion === 'string' ? entry.requiredVersion : null,
      singleton: entry.singleton === true,
    });
  }

  let treeShakenExports: Record<string, string[]> | null = null;
  if (stats !== undefined) {
    const parsedStats = ZFederationStats.safeParse(parseJson(stats, FEDERATION_STATS_FILE));
    if (parsedStats.success) {
      treeShakenExports = {};
      for (const entry of parsedStats.data.shared) {
        const used = entry.treeShaking?.usedExports;
        if (used) treeShakenExports[entry.name] = [...new Set(used)].sort();
      }
    }
  }
  const mantineExports = treeShakenExports?.['@mantine/core'] ?? null;

  return {
    container: data.name,
    buildVersion: data.metaData.buildInfo?.buildVersion ?? null,
    shared: [...shared.values()].sort((a, b) => a.name.localeCompare(b.name)),
    exposes: [...new Set(data.exposes.map((expose) => expose.path))].sort(),
    mantineExports,
    treeShakenExports,
  };
}

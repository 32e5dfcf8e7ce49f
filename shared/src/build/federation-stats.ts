import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';

/** Module Federation's build statistics, beside the manifest in a remote's output. */
const FEDERATION_STATS_FILE = 'mf-stats.json';
/** Lists of names that are sets: which exposes use a module, which exports a build uses. */
const SET_KEYS = new Set(['usedIn', 'usedExports']);

/**
 * The same statistics with every set-like list sorted. The plugin writes `usedIn` in the order its
 * parallel work finished (4 of 5 builds of one source differed), so a release of an unchanged remote
 * had new content each build and `pnpm release publish` of the same version refused it as
 * different.
 */
export function sortedFederationStats(stats: unknown): unknown {
  if (Array.isArray(stats)) return stats.map(sortedFederationStats);
  if (stats === null || typeof stats !== 'object') return stats;
  return Object.fromEntries(
    Object.entries(stats).map(([key, value]) => [
      key,
      SET_KEYS.has(key) && Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? [...value].sort()
        : sortedFederationStats(value),
    ]),
  );
}

/** The rsbuild side: after a production build, before precompression, the stats file made stable. */
export function pluginStableFederationStats(): RsbuildPlugin {
  return {
    name: 'dash:stable-federation-stats',
    setup(api) {
      api.onAfterBuild(async () => {
        if (api.context.action !== 'build') return;
        const file = path.join(api.context.distPath, FEDERATION_STATS_FILE);
        let text: string;
        try {
          text = await readFile(file, 'utf8');
        } catch {
          return; // no federation stats in this build
        }
        await writeFile(file, `${JSON.stringify(sortedFederationStats(JSON.parse(text)), null, 2)}\n`);
      });
    },
  };
}

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';

/** Written beside the shell's index.html: the files its first page needs after the entry script. */
export const BOOT_ASSETS_FILE = 'boot-assets.json';

export interface AssetFiles {
  /** Scripts, relative to the build root (`static/js/async/….js`). */
  js: string[];
  css: string[];
}

export interface BootAssets extends AssetFiles {
  /**
   * What the sign-in page adds, for a visitor without a session (the server preloads it for them):
   * the page's own lazy chunk and the lazy singletons it needs (@mantine/form), which a signed-in
   * page never loads.
   */
  signIn: AssetFiles;
}

/** A lazily loaded page whose chunks are listed apart: its import request and the lazy singletons it uses. */
export interface LazyPageAssets {
  request: string;
  shared: readonly string[];
}

interface StatsChunk {
  files?: string[];
  initial?: boolean;
  origins?: { moduleName?: string; request?: string }[];
}

/** The package a "provide shared module (default) name@version = path" origin provides. */
const PROVIDED = /^provide shared module \([^)]*\) ((?:@[^@\s/]+\/)?[^@\s]+)@/;

/**
 * The chunks a page of the app fetches as soon as its entry runs, found in the build's chunk graph:
 * the entry's async boundary (`import('./bootstrap')` in src/index.ts) and the shared modules this
 * build provides (React, Mantine, @dash/shared… with what they import), which the federation
 * runtime loads before the bootstrap chunk runs. Not the lazy pages, not the consume fallbacks, and
 * not a chunk that only provides a package of `lazyShared` (a singleton no page needs at boot, such
 * as the toasts', loaded on first use). Only the entry chunk is in the HTML; the server adds preload
 * links for these (see the API's src/web/preloads.ts), so the browser does not discover them one
 * round trip after another.
 */
export function bootAssetsOf(
  chunks: readonly StatsChunk[],
  {
    bootstrapRequest = './bootstrap',
    lazyShared = [] as readonly string[],
    signIn = undefined as LazyPageAssets | undefined,
  } = {},
): BootAssets {
  const boot = new Set<string>();
  const signInFiles = new Set<string>();
  for (const chunk of chunks) {
    if (chunk.initial) continue;
    const origins = chunk.origins ?? [];
    const bootstrap = origins.some((origin) => origin.request === bootstrapRequest);
    const provided = origins
      .map((origin) => PROVIDED.exec(origin.moduleName ?? '')?.[1])
      .filter((name): name is string => name !== undefined);
    const files = chunk.files ?? [];
    if (bootstrap || (provided.length > 0 && provided.some((name) => !lazyShared.includes(name)))) {
      for (const file of files) boot.add(file);
    } else if (
      signIn &&
      (origins.some((origin) => origin.request === signIn.request) ||
        provided.some((name) => signIn.shared.includes(name)))
    ) {
      for (const file of files) signInFiles.add(file);
    }
  }
  return { ...filesOf(boot), signIn: filesOf(signInFiles) };
}

function filesOf(files: Set<string>): AssetFiles {
  const sorted = [...files].sort();
  return {
    js: sorted.filter((file) => file.endsWith('.js')),
    css: sorted.filter((file) => file.endsWith('.css')),
  };
}

/** The rsbuild side: writes boot-assets.json after every production build. */
export function pluginBootAssets({
  lazyShared = [] as readonly string[],
  signIn = undefined as LazyPageAssets | undefined,
} = {}): RsbuildPlugin {
  return {
    name: 'dash:boot-assets',
    setup(api) {
      api.onAfterBuild(async ({ stats }) => {
        if (api.context.action !== 'build' || !stats) return;
        const json = stats.toJson({ all: false, chunks: true, chunkOrigins: true });
        const chunks = (json.chunks ??
          json.children?.flatMap((child) => child.chunks ?? []) ??
          []) as StatsChunk[];
        await writeFile(
          path.join(api.context.distPath, BOOT_ASSETS_FILE),
          `${JSON.stringify(bootAssetsOf(chunks, { lazyShared, signIn }), null, 2)}\n`,
        );
      });
    },
  };
}

import { readFile, writeFile } from 'node:fs/promises';
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
  /**
   * False for a build that loads no remote (the monolith build, with the remotes' modules inside):
   * the server then preloads no remote's files for it. Absent (true) for the federated shell.
   */
  remotes?: false;
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
 * what the entry module imports (`import('./bootstrap')` and the staged shared packages in
 * src/index.ts, which are chunks of their own in the monolith build) and the shared modules this
 * build provides (React, Mantine, @dash/shared… with what they import), which the federation
 * runtime loads before the bootstrap chunk runs. Not the lazy pages, not the consume fallbacks, and
 * not a chunk that only provides a package of `lazyShared` (a singleton no page needs at boot, such
 * as the toasts', loaded on first use). Only the entry chunk is in the HTML; the server adds preload
 * links for these (see the API's src/web/preloads.ts), so the browser does not discover them one
 * round trip after another.
 *
 * They are listed in the order the page evaluates them (`order`: shared packages, by the package a
 * chunk provides or the entry imports it for; then the bootstrap; then the rest), not by name: the
 * browser requests preloads in the page's order over six connections per origin, so the first
 * modules the entry evaluates arrive first and run while the rest download.
 */
export function bootAssetsOf(
  chunks: readonly StatsChunk[],
  {
    entryModule = './src/index.ts',
    bootstrapRequest = './bootstrap',
    lazyShared = [] as readonly string[],
    signIn = undefined as LazyPageAssets | undefined,
    order = [] as readonly string[],
  } = {},
): BootAssets {
  const boot = new Map<string, number>();
  const signInFiles = new Map<string, number>();
  for (const chunk of chunks) {
    if (chunk.initial) continue;
    const origins = chunk.origins ?? [];
    const fromEntry = origins.filter((origin) => origin.moduleName === entryModule);
    const bootstrap = fromEntry.some((origin) => origin.request === bootstrapRequest);
    const provided = origins
      .map((origin) => PROVIDED.exec(origin.moduleName ?? '')?.[1])
      .filter((name): name is string => name !== undefined);
    const files = chunk.files ?? [];
    if (
      fromEntry.length > 0 ||
      (provided.length > 0 && provided.some((name) => !lazyShared.includes(name)))
    ) {
      const packages = [...provided, ...fromEntry.map((origin) => origin.request ?? '')];
      const rank = Math.min(
        ...packages.map((name) => order.indexOf(name)).filter((index) => index >= 0),
        bootstrap ? order.length : order.length + 1,
      );
      for (const file of files) boot.set(file, Math.min(rank, boot.get(file) ?? rank));
    } else if (
      signIn &&
      (origins.some((origin) => origin.request === signIn.request) ||
        provided.some((name) => signIn.shared.includes(name)))
    ) {
      for (const file of files) signInFiles.set(file, 0);
    }
  }
  return { ...filesOf(boot), signIn: filesOf(signInFiles) };
}

/** The scripts of the entry chunks (the one `<script>` of index.html and what it needs at once). */
export function entryScriptsOf(chunks: readonly StatsChunk[]): string[] {
  return chunks
    .filter((chunk) => chunk.initial)
    .flatMap((chunk) => chunk.files ?? [])
    .filter((file) => file.endsWith('.js'))
    .sort();
}

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): every function in the
 * file is compiled eagerly, on the background thread that streams the script in, instead of
 * lazily on the main thread the first time it is called. Right for the scripts of the first page,
 * which run whole before it paints (React, the router, Mantine, zod, the singletons): the compile
 * leaves the critical path. Not for lazy pages, most of whose functions a visit never calls.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Puts COMPILE_HINT at the top of each script (once: a file that has it is left alone). */
export async function hintCompileOnLoad(distPath: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    const full = path.join(distPath, file);
    const source = await readFile(full, 'utf8');
    if (!source.startsWith(COMPILE_HINT)) await writeFile(full, COMPILE_HINT + source);
  }
}

/** The files by rank, then by name. */
function filesOf(files: Map<string, number>): AssetFiles {
  const sorted = [...files.keys()].sort(
    (a, b) => (files.get(a) ?? 0) - (files.get(b) ?? 0) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return {
    js: sorted.filter((file) => file.endsWith('.js')),
    css: sorted.filter((file) => file.endsWith('.css')),
  };
}

/**
 * The rsbuild side: writes boot-assets.json after every production build, and gives the entry's
 * and the boot's scripts the compile hint (before pluginPrecompress compresses them).
 */
export function pluginBootAssets({
  lazyShared = [] as readonly string[],
  signIn = undefined as LazyPageAssets | undefined,
  order = [] as readonly string[],
  remotes = true,
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
        const boot: BootAssets = {
          ...bootAssetsOf(chunks, { lazyShared, signIn, order }),
          ...(remotes ? {} : { remotes: false as const }),
        };
        await writeFile(
          path.join(api.context.distPath, BOOT_ASSETS_FILE),
          `${JSON.stringify(boot, null, 2)}\n`,
        );
        await hintCompileOnLoad(api.context.distPath, [...entryScriptsOf(chunks), ...boot.js]);
      });
    },
  };
}

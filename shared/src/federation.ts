/**
 * Build-time Module Federation settings shared by the shell and every remote, so the list of
 * singletons is written once. Imported by each app's rsbuild.config.ts (Node, not the browser).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import sharedPackage from '../package.json' with { type: 'json' };
import { BOOT_ASSETS_FILE, pluginBootAssets } from './build/boot-assets';
import { pluginStableFederationStats } from './build/federation-stats';
import { pluginPrecompress } from './build/precompress';
import { pluginZodWithoutJsonSchema } from './build/zod-browser';
import { containerName, REMOTE_EXPOSES, type TRemoteName, ZRemoteName } from './contracts/remotes';

export { BOOT_ASSETS_FILE, containerName, pluginBootAssets, pluginPrecompress, pluginZodWithoutJsonSchema };

/**
 * One instance of each of these across host and remotes (React, router, query, Mantine, i18n, session).
 * @mantine/hooks is not one: its hooks keep no state of their own, so each app and the shared Mantine
 * build bundle the few they use, tree-shaken as any library (shared, it went whole into every page:
 * the shared Mantine build's every module counted as a user, 14 KiB brotli for about 4 used).
 */
export const FEDERATION_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  '@tanstack/react-query',
  '@mantine/core',
  '@mantine/form',
  '@mantine/notifications',
  '@dash/shared',
  // zod as the contracts use it (shared/src/zod.ts): the core contracts and each area's build with it.
  '@dash/shared/zod',
  // The contracts of the boot, which each area's contracts import by this name (no copy per remote).
  '@dash/shared/contracts-core',
] as const;

/**
 * The order a page of the shell evaluates the shared modules in: shell/src/index.ts evaluates the
 * largest ones one task each, in this order, before its bootstrap, and boot-assets.json lists their
 * chunks in it (then the bootstrap's), so the page requests them in it and the first ones run while
 * the rest download (see build/boot-assets.ts).
 */
export const BOOT_EVALUATION_ORDER: readonly (typeof FEDERATION_SINGLETONS)[number][] = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  '@mantine/core',
  'react-router',
  '@tanstack/react-query',
  '@dash/shared/zod',
  '@dash/shared/contracts-core',
  '@dash/shared',
];

/**
 * Singletons no page needs at boot: loaded the first time they are used (the toasts, see
 * ui/notify.ts; the forms, used by lazily loaded pages only), so the shell's boot preloads leave
 * them out.
 */
export const LAZY_SINGLETONS: readonly string[] = ['@mantine/notifications', '@mantine/form'];

/**
 * The sign-in page, loaded lazily by the shell's router (this is its import request there), with
 * the lazy singletons it needs: listed apart in boot-assets.json and preloaded for a visitor
 * without a session only.
 */
export const SIGN_IN_PAGE_ASSETS = {
  request: '../features/auth/routes/SignInPage',
  shared: ['@mantine/form'],
} as const;

/**
 * The @mantine/core exports the dashboard's apps may use. A shared module cannot be tree-shaken by
 * the bundler (any remote might need any export), so every app builds @mantine/core with exactly this
 * set instead of all ~120 components (75 KB instead of 170 KB gzipped). All apps providing the same
 * set keeps the singleton whole: in `runtime-infer` mode the runtime serves the subset to every
 * consumer whose used exports it covers (`server-calc` needs a deploy server to mark the subset as
 * calculated; without one the runtime loads the full build). Using a component not listed here fails
 * `shared-exports.test.ts`: add it here, and the shell must be rebuilt with the new list before a
 * remote that needs it ships.
 */
export const MANTINE_CORE_EXPORTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'AppShell',
  'Avatar',
  'Badge',
  'Box',
  'Burger',
  'Button',
  'Card',
  'Center',
  'CloseButton',
  'Code',
  'Collapse',
  'ColorSwatch',
  'Container',
  'CopyButton',
  'Divider',
  'FileButton',
  'Group',
  'Loader',
  'MantineProvider',
  'Modal',
  'NativeSelect',
  'NavLink',
  'Paper',
  'Progress',
  'SegmentedControl',
  'SimpleGrid',
  'Skeleton',
  'Stack',
  'Switch',
  'Table',
  'Tabs',
  'Text',
  'TextInput',
  'Textarea',
  'Title',
  'UnstyledButton',
  'createTheme',
  'localStorageColorSchemeManager',
  'useComputedColorScheme',
  'useMantineColorScheme',
  'useMantineTheme',
] as const;

/**
 * The react-router exports the apps may use, all imported from `react-router` (react-router 7 merged
 * react-router-dom into it, and 8 drops react-router-dom: importing it fails `shared-exports.test.ts`
 * and the boundary check). Shared tree-shaken like Mantine: react-router 7 is one 180 KB module graph
 * (data routers, SSR, RSC helpers…) of which a browser router needs about a third. Using one not
 * listed here fails `shared-exports.test.ts`. The shell's RouterProvider is this one, given
 * ReactDOM's flushSync (see shell/src/bootstrap.tsx), not `react-router/dom`'s.
 */
export const REACT_ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'MemoryRouter',
  'Navigate',
  'NavLink',
  'Outlet',
  'Route',
  'RouterProvider',
  'Routes',
  // The router itself, for its state as it is now, not as last rendered (a click's navigation is
  // under way before React renders it: the Message Center's first-conversation pin).
  'UNSAFE_DataRouterContext',
  // Whether a navigation is under way, read where no data router may be (a page rendered in a test).
  'UNSAFE_DataRouterStateContext',
  'createBrowserRouter',
  'isRouteErrorResponse',
  'redirect',
  'replace',
  'useHref',
  'useLoaderData',
  'useLocation',
  'useNavigate',
  'useParams',
  'useRouteError',
  'useSearchParams',
] as const;

/** The @tanstack/react-query exports the apps use (the library's devtools hooks, hydration… are left out). */
export const REACT_QUERY_EXPORTS = [
  'QueryClient',
  'QueryClientProvider',
  'infiniteQueryOptions',
  'keepPreviousData',
  'queryOptions',
  'useInfiniteQuery',
  'useMutation',
  'useQuery',
  'useQueryClient',
] as const;

/** The @mantine/form exports the apps use (7.8 -> 6.4 KB gzipped; its validators are left out). */
export const MANTINE_FORM_EXPORTS = ['schemaResolver', 'useForm'] as const;

/** Shared singletons every app builds tree-shaken, with the exports they provide. */
export const TREE_SHAKEN_SHARED: Readonly<
  Partial<Record<(typeof FEDERATION_SINGLETONS)[number], readonly string[]>>
> = {
  '@mantine/core': MANTINE_CORE_EXPORTS,
  'react-router': REACT_ROUTER_EXPORTS,
  '@tanstack/react-query': REACT_QUERY_EXPORTS,
  '@mantine/form': MANTINE_FORM_EXPORTS,
};

interface SharedItemConfig {
  singleton: true;
  requiredVersion: string;
  treeShaking?: { mode: 'runtime-infer'; usedExports: string[] };
}
type SharedConfig = Record<string, SharedItemConfig>;

/** The `shared` option of the federation plugin, with required versions from the app's package.json. */
export function federationShared(
  dependencies: Record<string, string>,
  { treeShake = true }: { treeShake?: boolean } = {},
): SharedConfig {
  const config: SharedConfig = {};
  for (const request of FEDERATION_SINGLETONS) {
    const pkg = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
    const range = pkg === '@dash/shared' ? `^${sharedPackage.version}` : pkg ? dependencies[pkg] : undefined;
    if (!range) throw new Error(`federationShared: the app does not depend on ${pkg}`);
    const usedExports = treeShake ? TREE_SHAKEN_SHARED[request] : undefined;
    config[request] = usedExports
      ? {
          singleton: true,
          requiredVersion: range,
          treeShaking: { mode: 'runtime-infer', usedExports: [...usedExports] },
        }
      : { singleton: true, requiredVersion: range };
  }
  return config;
}

/** The modules a remote exposes: './WalletArea' is built from src/app/WalletArea.tsx. */
export function remoteExposes(remote: TRemoteName): Record<string, string> {
  return Object.fromEntries(
    REMOTE_EXPOSES[remote].map((module) => [module, `./src/app/${module.slice(2)}.tsx`]),
  );
}

/**
 * react-router 7's export map hands every bundler its development build (no condition selects the
 * production one: react-router issues 12532 and 14102), which is larger and slower. A production
 * build of an app points `react-router` and `react-router/dom` at the production files instead.
 */
function reactRouterProductionAlias(appRoot: string): Record<string, string> {
  const require = createRequire(path.join(appRoot, 'package.json'));
  const root = path.dirname(require.resolve('react-router/package.json'));
  return {
    'react-router$': path.join(root, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(root, 'dist/production/dom-export.mjs'),
  };
}

/**
 * The federation runtime's packages as their ES module builds. The generated runtime entry asks for
 * them with `require`, which resolves to their CommonJS builds: one exports object per file, so
 * nothing in them is tree-shaken (the SDK's Node.js script loader and manifest-to-snapshot code,
 * unused in a browser with snapshots off, went into every remote entry and the shell's). The entry
 * imports the bundler runtime by the absolute path of its CommonJS file, and the plugin replaces the
 * `@module-federation/runtime$` alias below with the path of that package's CommonJS file (its
 * PatchAliasWebpackPlugin): those two paths are mapped to the ES module builds as well. As CommonJS
 * they cost 0.7 KiB more brotli in each remote entry and 0.5 KiB in the shell's.
 */
function federationRuntimeEsmAlias(appRoot: string): Record<string, string> {
  const fromPlugin = createRequire(
    createRequire(path.join(appRoot, 'package.json')).resolve('@module-federation/rsbuild-plugin'),
  );
  const esm = (name: string, file: string) => {
    const cjs = fromPlugin.resolve(name);
    return path.join(cjs.slice(0, cjs.lastIndexOf(`${path.sep}dist${path.sep}`)), 'dist', file);
  };
  const runtime = esm('@module-federation/runtime', 'index.js');
  const bundlerRuntime = esm('@module-federation/webpack-bundler-runtime', 'index.js');
  return {
    '@module-federation/sdk$': esm('@module-federation/sdk', 'index.js'),
    '@module-federation/runtime$': runtime,
    [`${fromPlugin.resolve('@module-federation/runtime')}$`]: runtime,
    '@module-federation/runtime-core$': esm('@module-federation/runtime-core', 'index.js'),
    '@module-federation/webpack-bundler-runtime$': bundlerRuntime,
    [`${fromPlugin.resolve('@module-federation/webpack-bundler-runtime')}$`]: bundlerRuntime,
    '@module-federation/error-codes$': esm('@module-federation/error-codes', 'index.mjs'),
  };
}

/**
 * What every app's production build resolves differently (react-router's production build, the
 * federation runtime's ES module builds): the same for the shell and each remote, so the shared
 * modules they provide are built alike.
 */
export function productionBuildAliases(appRoot: string): Record<string, string> {
  return { ...reactRouterProductionAlias(appRoot), ...federationRuntimeEsmAlias(appRoot) };
}

export const REMOTE_DEFAULT_PORTS: Record<TRemoteName, number> = {
  'remote-messages': 3011,
  'remote-wallet': 3012,
  'remote-rails': 3013,
  'remote-settings': 3014,
};

interface RemotePackage {
  name: string;
  version: string;
  dependencies: Record<string, string>;
}

/**
 * The whole rsbuild config of a remote. The build uses a relative asset prefix so the same files
 * can be served from any origin or versioned path; `rsbuild preview` serves them with CORS.
 * `rsbuild dev` runs the remote alone in its harness (src/index.ts), proxying /api to the API.
 */
export function defineRemoteConfig(pkg: RemotePackage, command: string): RsbuildConfig {
  const remote = ZRemoteName.parse(pkg.name);
  const port = Number(process.env.PORT ?? REMOTE_DEFAULT_PORTS[remote]);
  const apiOrigin = process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
  // `pnpm release publish` builds a release as REMOTE_VERSION into its own directory (REMOTE_DIST_DIR),
  // leaving dist/ (what `npm start` serves) alone. The federation manifest's buildVersion follows it.
  const version = process.env.REMOTE_VERSION || pkg.version;
  process.env.MF_BUILD_VERSION = version;
  const distRoot = process.env.REMOTE_DIST_DIR || 'dist';
  return {
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: containerName(remote),
        exposes: remoteExposes(remote),
        // The dev server (standalone harness) uses all of Mantine: shared tree-shaking is a build step.
        shared: federationShared(pkg.dependencies, { treeShake: command !== 'dev' }),
        dts: false,
        // The plugin's dev tooling (type hints, live reload of remotes) does not run in the harness.
        dev: false,
        // A built remote runs on the shell's federation runtime instead of shipping its own
        // (about 30 KB gzipped); the standalone harness (dev) still brings one.
        // A remote runs only in browsers and loads no remotes itself (the shell resolves manifests):
        // no Node.js loading code, no manifest snapshot code and no remote-loading code in its entry
        // (disableRemote: 0.6 KiB of brotli per remote).
        experiments: {
          externalRuntime: command !== 'dev',
          optimization: { target: 'web', disableSnapshot: true, disableRemote: true },
        },
      }),
      command === 'build' && pluginZodWithoutJsonSchema(),
      // Before precompression: the compressed copies are of the stable file.
      pluginStableFederationStats(),
      pluginPrecompress(),
    ],
    source: {
      entry: { index: './src/index.ts' },
      define: { 'import.meta.env.REMOTE_VERSION': JSON.stringify(version) },
    },
    resolve: { alias: command === 'build' ? productionBuildAliases(process.cwd()) : {} },
    html: { title: `${remote} · standalone` },
    // Lazy compilation (on by default in rsbuild 2 dev) leaves federation's shared chunks unresolved.
    dev: { lazyCompilation: false },
    output: {
      assetPrefix: 'auto',
      cleanDistPath: command === 'build',
      distPath: { root: distRoot },
      // NO_MINIFY=1: readable function names in a browser CPU profile (e2e/benchmarks/messages-thread.mjs).
      minify: process.env.NO_MINIFY !== '1',
    },
    server: {
      port,
      host: '127.0.0.1',
      strictPort: true,
      historyApiFallback: true,
      // Any dashboard origin may load a remote's files; they carry no credentials.
      cors: { origin: '*' },
      // Only the standalone harness talks to the API; a served release never proxies it.
      ...(command === 'dev' ? { proxy: { '/api': { target: apiOrigin } } } : {}),
    },
  };
}

import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  BOOT_EVALUATION_ORDER,
  federationShared,
  LAZY_SINGLETONS,
  pluginBootAssets,
  pluginPrecompress,
  pluginZodWithoutJsonSchema,
  productionBuildAliases,
  SIGN_IN_PAGE_ASSETS,
} from '@dash/shared/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { replaceFederationWithMonolith } from './scripts/monolith/replace-federation';
import { installBootGuard } from './src/boot-failure';
import { reloadOnce } from './src/features/errors/reload-once';

const port = Number(process.env.PORT ?? 3000);
/**
 * MONOLITH=1 builds the same pages without federation into dist-monolith/: the shell imports the
 * remotes' exposed modules as its own lazy chunks (scripts/monolith/federation.ts stands in for
 * src/features/remotes/federation.ts). Only `pnpm bench` builds it, to compare with the federated build.
 */
const monolith = process.env.MONOLITH === '1';
/**
 * The boot guard (src/boot-failure.ts), inline in the page's head before its entry script, with each
 * language's `bootFailure` texts: the notice of a page whose boot fails cannot wait for the entry or
 * the translations, which may be what failed. Its CSP hash is taken from the built page (api/src/web).
 */
const bootFailureTexts = Object.fromEntries(
  readdirSync(join(import.meta.dirname, 'src/locales')).map((file) => [
    basename(file, '.json'),
    JSON.parse(readFileSync(join(import.meta.dirname, 'src/locales', file), 'utf8')).bootFailure,
  ]),
);
const bootGuard = rspack.experiments.swc.minifySync(
  `(${installBootGuard.toString()})(${JSON.stringify(bootFailureTexts)}, ${reloadOnce.toString()});`,
  { compress: true, mangle: true },
).code;
const apiOrigin = process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    !monolith &&
      pluginModuleFederation({
        name: 'shell',
        // No remote is known at build time: the runtime manifest registers them at boot.
        remotes: {},
        shared: federationShared(pkg.dependencies),
        dts: false,
        // Remotes are built without a federation runtime of their own and use this one.
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
    command === 'build' && pluginZodWithoutJsonSchema(),
    // Before precompression, so boot-assets.json is served like every other file.
    pluginBootAssets({
      lazyShared: LAZY_SINGLETONS,
      signIn: SIGN_IN_PAGE_ASSETS,
      order: BOOT_EVALUATION_ORDER,
      // The monolith build has the remotes' modules inside: no remote's files are preloaded for it.
      remotes: !monolith,
    }),
    pluginPrecompress(),
  ],
  source: {
    entry: { index: './src/index.ts' },
    define: {
      'import.meta.env.SHELL_VERSION': JSON.stringify(pkg.version),
      'import.meta.env.MONOLITH': JSON.stringify(monolith),
      ...(monolith ? { 'import.meta.env.REMOTE_VERSION': JSON.stringify('monolith') } : {}),
    },
  },
  resolve: { alias: command === 'build' ? productionBuildAliases(import.meta.dirname) : {} },
  html: {
    template: './index.html',
    title: 'Dash · Treasury',
    tags: [{ tag: 'script', children: bootGuard, head: true, append: false }],
  },
  // Only a build replaces dist/: a dev server must not empty the folder `npm start` serves.
  output: {
    assetPrefix: '/',
    cleanDistPath: command === 'build',
    // NO_MINIFY=1: readable function names in a browser CPU profile (e2e/benchmarks/messages-thread.mjs).
    minify: process.env.NO_MINIFY !== '1',
    ...(monolith ? { distPath: { root: 'dist-monolith' } } : {}),
  },
  tools: monolith
    ? {
        rspack: {
          plugins: [replaceFederationWithMonolith(import.meta.dirname)],
        },
      }
    : {},
  performance: { chunkSplit: { strategy: 'split-by-experience' } },
  server: {
    port,
    host: '127.0.0.1',
    strictPort: true,
    historyApiFallback: true,
    // The dashboard origin answers /api/v0 too, so the session cookie stays first-party.
    proxy: { '/api': { target: apiOrigin, changeOrigin: false } },
  },
}));

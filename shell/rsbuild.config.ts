import {
  federationShared,
  pluginBootAssets,
  pluginPrecompress,
  reactRouterProductionAlias,
} from '@dash/shared/federation';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import pkg from './package.json' with { type: 'json' };

const port = Number(process.env.PORT ?? 3000);
const apiOrigin = process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      // No remote is known at build time: the runtime manifest registers them at boot.
      remotes: {},
      shared: federationShared(pkg.dependencies),
      dts: false,
      // Remotes are built without a federation runtime of their own and use this one.
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
    }),
    // Before precompression, so boot-assets.json is served like every other file.
    pluginBootAssets(),
    pluginPrecompress(),
  ],
  source: {
    entry: { index: './src/index.ts' },
    define: { 'import.meta.env.SHELL_VERSION': JSON.stringify(pkg.version) },
  },
  resolve: { alias: command === 'build' ? reactRouterProductionAlias(import.meta.dirname) : {} },
  html: { template: './index.html', title: 'Dash · Treasury' },
  // Only a build replaces dist/: a dev server must not empty the folder `npm start` serves.
  output: { assetPrefix: '/', cleanDistPath: command === 'build' },
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

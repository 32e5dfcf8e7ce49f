import { productionBuildAliases } from '@dash/shared/federation';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { replaceFederationWithMonolith } from './scripts/monolith/replace-federation';

/**
 * The server's first render (src/ssr.tsx) as one Node module in dist-ssr/: the shell's routes with
 * the remotes' exposed modules bundled in (scripts/monolith/federation.ts stands in for federation,
 * as in the monolith build). No CSS is emitted: the page links the browser build's.
 */

export default defineConfig({
  plugins: [pluginReact()],
  source: {
    entry: { ssr: './src/ssr.tsx' },
    define: {
      'import.meta.env.SHELL_VERSION': JSON.stringify(pkg.version),
      'import.meta.env.MONOLITH': JSON.stringify(true),
      'import.meta.env.REMOTE_VERSION': JSON.stringify('server'),
    },
  },
  resolve: { alias: productionBuildAliases(import.meta.dirname) },
  output: {
    target: 'node',
    module: true,
    distPath: { root: 'dist-ssr' },
    cleanDistPath: true,
    filenameHash: false,
    minify: false,
    sourceMap: false,
  },
  tools: {
    rspack: {
      plugins: [replaceFederationWithMonolith(import.meta.dirname)],
    },
  },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
});

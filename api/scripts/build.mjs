#!/usr/bin/env node
/**
 * Builds the API ahead of time, so the product runs on plain `node` (no tsx, no TypeScript at run
 * time): each entry point is bundled to api/dist with the workspace's own TypeScript (@dash/shared
 * and api/src) compiled in, and every installed package left as an import (PGlite's wasm, pg,
 * nodemailer… load from node_modules as usual). Shared code between entries goes to chunks beside
 * them, so relative paths from import.meta.url mean the same in every output file.
 *
 *   node api/scripts/build.mjs        (pnpm --filter @dash/api build)
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const API_ENTRIES = {
  main: 'src/main.ts',
  'seed-cli': 'src/db/seed-cli.ts',
  'migrate-cli': 'src/db/migrate-cli.ts',
  'release-cli': 'src/modules/releases/cli.ts',
  'ops-cli': 'src/modules/kyb/cli.ts',
  'remote-server': 'src/web/remote-server.ts',
  'dev-chain': 'dev-chain/main.ts',
  'sandbox-provider': 'sandbox-provider/main.ts',
};

/** Bare imports stay imports, except the workspace's TypeScript package, which is compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@dash/shared' || args.path.startsWith('@dash/shared/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
rmSync(path.join(apiRoot, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: apiRoot,
  entryPoints: Object.fromEntries(
    Object.entries(API_ENTRIES).map(([name, file]) => [name, path.join(apiRoot, file)]),
  ),
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  banner: { js: '// Built by api/scripts/build.mjs from api/src: edit the sources, not this file.' },
});
console.log(`API built into api/dist in ${Date.now() - started} ms`);

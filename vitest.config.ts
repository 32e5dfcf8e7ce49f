import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { DATABASE_INDEPENDENT, ONE_DATABASE } from './api/src/test/database-independent.ts';

/**
 * API test files marked database-independent (the chain, the sandbox provider, the mailer, the
 * release store...) or one-database (the authorization matrix) run in the PGlite run only: the
 * PostgreSQL run (TEST_DATABASE_URL set) would repeat them for nothing
 * (api/src/test/database-independent.ts).
 */
function databaseIndependentTests(): string[] {
  if (!process.env.TEST_DATABASE_URL) return [];
  const source = fileURLToPath(new URL('./api/src/', import.meta.url));
  return readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => {
      const text = readFileSync(source + file, 'utf8');
      return DATABASE_INDEPENDENT.test(text) || ONE_DATABASE.test(text);
    })
    .map((file) => `api/src/${file}`);
}
const runOnce = databaseIndependentTests();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'shared/src/**/*.test.{ts,tsx}',
            'shell/src/**/*.test.{ts,tsx}',
            'remote-*/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.mjs',
            'e2e/benchmarks/**/*.test.mjs',
          ],
          // Each app's messages (English, bundled) are registered as its entry does, so components
          // rendered on their own in a test speak English.
          setupFiles: [
            './shared/src/test/setup-dom.ts',
            './shell/src/i18n.ts',
            './remote-settings/src/i18n.ts',
            './remote-messages/src/i18n.ts',
            './remote-wallet/src/i18n.ts',
            './remote-rails/src/i18n.ts',
          ],
          // Component tests render whole pages; a busy 2-core machine must not turn them into timeouts.
          testTimeout: 20_000,
          // One module graph and one jsdom per worker, not per file: the setup above (every app's
          // messages, Mantine, the shared package) was 66 of the run's 140 s, loaded again for each of
          // ~50 files. Tests clean up after themselves (setup-dom.ts unmounts; no module-level state
          // is written by a test); `--sequence.shuffle` passes too.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['api/src/**/*.test.ts'],
          // Real processes of the built API: their own run (pnpm test:processes, after the build).
          exclude: ['api/src/test/processes/**', ...runOnce],
          // Stops each file's dev chains and sandbox provider after the file (see the file).
          setupFiles: ['./api/src/test/setup-file.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module graph per worker, not per file, as for the unit project: importing the API
          // (Fastify, drizzle, the contracts, PGlite's WebAssembly) again for each of ~60 files was
          // most of the suite's time (the two databases' runs side by side: 10.7 minutes in CI,
          // 3.7 with this). Each test builds its own app and database; the API keeps no state at
          // module level (no vi.mock either), and `--sequence.shuffle` passes on both databases.
          isolate: false,
        },
      },
      {
        test: {
          name: 'processes',
          environment: 'node',
          include: ['api/src/test/processes/**/*.test.ts'],
          exclude: runOnce,
          // One stack at a time: each file runs its own processes, which would compete for the CPU.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

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
            'shell/scripts/**/*.test.mjs',
          ],
          setupFiles: ['./shared/src/test/setup-dom.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['api/src/**/*.test.ts'],
          // Real processes of the built API: their own run (pnpm test:processes, after the build).
          exclude: ['api/src/test/processes/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'processes',
          environment: 'node',
          include: ['api/src/test/processes/**/*.test.ts'],
          // One stack at a time: each file runs its own processes, which would compete for the CPU.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The source files of the workspace's own code, for the checks that read it (i18n, Mantine's
// stylesheets): what a build, a test run or an install left beside it, and test files, aside.

/** Folders never read: installs, build and test output, and test support (`src/test/`). */
export const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  'test-results',
  'playwright-report',
  'test',
]);

/** The files under `dir` whose name `wanted` accepts, test files and SKIPPED_DIRS (and dot folders) aside. */
export function* filesUnder(dir, wanted) {
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path, wanted);
    else if (wanted.test(name) && !/\.test\.[cm]?[jt]sx?$/.test(name)) yield path;
  }
}

import { readFileSync } from 'node:fs';

/**
 * An API test file that never opens a database says so on a line of its own,
 * `// Database-independent: <why>`: the PostgreSQL run of scripts/test-api.mjs leaves it out
 * (vitest.config.ts), since it would only repeat the PGlite run.
 */
export const DATABASE_INDEPENDENT = /^\/\/ Database-independent: /m;

const marked = new Map<string, boolean>();

/** Fails a file marked database-independent that opens a database all the same. */
export function assertMayOpenDatabase(testPath: string | undefined): void {
  if (!testPath) return;
  let isMarked = marked.get(testPath);
  if (isMarked === undefined) {
    try {
      isMarked = DATABASE_INDEPENDENT.test(readFileSync(testPath, 'utf8'));
    } catch {
      isMarked = false;
    }
    marked.set(testPath, isMarked);
  }
  if (isMarked)
    throw new Error(
      `${testPath} is marked database-independent (the PostgreSQL run skips it) but opens a database: remove the marker.`,
    );
}

import { readFileSync } from 'node:fs';

/**
 * An API test file that never opens a database says so on a line of its own,
 * `// Database-independent: <why>`: the PostgreSQL run of scripts/test-api.mjs leaves it out
 * (vitest.config.ts), since it would only repeat the PGlite run.
 */
export const DATABASE_INDEPENDENT = /^\/\/ Database-independent: /m;

/**
 * A file that opens a database but whose subject is not the database (who may call what) says
 * `// One database: <why>`: it runs in the PGlite run only too. Every module's own tests still run
 * on both databases, so each endpoint's SQL is still tried on PostgreSQL.
 */
export const ONE_DATABASE = /^\/\/ One database: /m;

const marked = new Map<string, boolean>();

/** Whether the test file says it never opens a database. */
export function isDatabaseIndependent(testPath: string | undefined): boolean {
  if (!testPath) return false;
  let isMarked = marked.get(testPath);
  if (isMarked === undefined) {
    try {
      isMarked = DATABASE_INDEPENDENT.test(readFileSync(testPath, 'utf8'));
    } catch {
      isMarked = false;
    }
    marked.set(testPath, isMarked);
  }
  return isMarked;
}

/** Fails a file marked database-independent that opens a database all the same. */
export function assertMayOpenDatabase(testPath: string | undefined): void {
  if (isDatabaseIndependent(testPath))
    throw new Error(
      `${testPath} is marked database-independent (the PostgreSQL run skips it) but opens a database: remove the marker.`,
    );
}

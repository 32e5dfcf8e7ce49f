import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;

/** What repositories take: works the same on the embedded PGlite and on a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type AppDatabase =
  | { kind: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: NodePgDatabase<Schema>; pool: pg.Pool; close(): Promise<void> };

/**
 * An embedded PGlite database: in memory when dataDir is undefined (tests), else persisted there.
 * A persisted directory can only be opened by one process at a time, so it is guarded by a pid lock.
 * A new one may start from `image`, a data directory dumped by PGlite (`dumpDataDir`), instead of
 * running initdb (tests do, to save its seconds).
 */
export async function openPglite(dataDir?: string, image?: Blob): Promise<AppDatabase> {
  const releaseLock = dataDir === undefined ? () => {} : lockDirectory(dataDir);
  try {
    const options = image ? { loadDataDir: image } : {};
    const client = dataDir === undefined ? new PGlite(options) : new PGlite(dataDir, options);
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    let closed = false;
    return {
      kind: 'pglite',
      db,
      client,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<AppDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema });
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** DATABASE_URL set: a PostgreSQL server through a pg Pool; otherwise PGlite under DATA_DIR/pglite. */
export function createDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<AppDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, 'pglite'));
}

function lockDirectory(dataDir: string): () => void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // Beside the directory, not inside it: PostgreSQL wants its data directory to itself.
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if (!isErrnoException(error) || error.code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(holder) && isAlive(holder)) {
        throw new Error(
          `The embedded database at ${dataDir} is in use by process ${holder}. ` +
            'Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
        );
      }
      // A stale lock from a process that died: take it over.
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database at ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isErrnoException(error) && error.code === 'EPERM';
  }
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

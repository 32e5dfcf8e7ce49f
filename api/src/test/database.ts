import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { assertMayOpenDatabase, isDatabaseIndependent } from './database-independent';
import { openImagePglite } from './pglite-image';
import { createPostgresDatabase } from './postgres-admin';

/** When set, tests run against this PostgreSQL server (an admin URL: it may create databases). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/**
 * A brand-new, migrated database that belongs to the caller: an in-memory PGlite, or with
 * TEST_DATABASE_URL a `t_<random>` database on that server, dropped again by close().
 */
export async function openTestDatabase(): Promise<AppDatabase> {
  assertMayOpenDatabase(expect.getState().testPath);
  if (!TEST_DATABASE_URL) return openImagePglite('migrated');
  const database = await createPostgresDatabase(TEST_DATABASE_URL, { max: 5 });
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * Starting PGlite costs about a second, so each test file opens one database and every test
 * starts from empty tables (tests in a file run one after another). Closed after the file.
 */
let shared: Promise<AppDatabase> | undefined;

// Opened before the file's first test (under the hook timeout): starting PGlite and running every
// migration is not the first test's time, which a busy machine could push past the test timeout.
beforeAll(async () => {
  // The files run without isolation, so this hook belongs to the first file of each worker, which
  // may be one that opens no database.
  if (isDatabaseIndependent(expect.getState().testPath)) return;
  shared ??= openTestDatabase();
  await shared;
});

export async function emptyTestDatabase(): Promise<AppDatabase> {
  assertMayOpenDatabase(expect.getState().testPath);
  shared ??= openTestDatabase();
  const database = await shared;
  await truncateAllTables(database);
  return database;
}

/**
 * Every table of the public schema, so tables added later are emptied too. On PGlite a TRUNCATE of
 * every table costs about 60 ms (it swaps each table's files), a DELETE of rows about 2 ms, over a
 * thousand tests a minute of `npm test`: there the rows are deleted with triggers off (the ledger's
 * append-only guards included; it is a test reset, not a write) and the identity sequences restarted
 * as TRUNCATE ... RESTART IDENTITY does.
 */
async function truncateAllTables(database: AppDatabase): Promise<void> {
  if (database.kind === 'pglite') {
    resetScript ??= pgliteResetScript(database);
    await database.client.exec(await resetScript);
    return;
  }
  await database.db.execute(sql`
    do $$
    declare tables text;
    begin
      select string_agg(format('%I', tablename), ', ') into tables from pg_tables where schemaname = 'public';
      if tables is not null then
        execute 'truncate table ' || tables || ' restart identity cascade';
      end if;
    end $$`);
}

let resetScript: Promise<string> | undefined;

async function pgliteResetScript(database: Extract<AppDatabase, { kind: 'pglite' }>): Promise<string> {
  const tables = await database.client.query<{ name: string }>(
    `select format('%I', tablename) as name from pg_tables where schemaname = 'public'`,
  );
  const sequences = await database.client.query<{ name: string }>(
    `select format('%I', sequencename) as name from pg_sequences where schemaname = 'public'`,
  );
  // `set local`: the triggers are back at the end of the transaction, even when a statement fails.
  return [
    'begin;',
    'set local session_replication_role = replica;',
    ...tables.rows.map((table) => `delete from ${table.name};`),
    ...sequences.rows.map((sequence) => `alter sequence ${sequence.name} restart;`),
    'commit;',
  ].join('\n');
}

afterAll(async () => {
  const database = await shared;
  shared = undefined;
  resetScript = undefined;
  await database?.close();
});

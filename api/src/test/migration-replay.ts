import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { expect, onTestFinished } from 'vitest';
import type { AppDatabase } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import { openImagePglite } from './pglite-image';
import { createPostgresDatabase } from './postgres-admin';

/**
 * What a test of one migration needs: a database with no migration applied, the migrations as they
 * were before the one under test, and the way to apply a folder of them. Rows are written as the
 * older schema had them, then the rest of the migrations run and the test reads what they made.
 *
 * Not test/database.ts: its hook would open a database such a file does not use.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** A new database with no migration applied (PGlite, or a `t_<random>` one with TEST_DATABASE_URL), closed after the test. */
export async function emptyDatabase(): Promise<AppDatabase> {
  const database = TEST_DATABASE_URL
    ? await createPostgresDatabase(TEST_DATABASE_URL, { max: 2 })
    : await openImagePglite('empty');
  onTestFinished(() => database.close());
  return database;
}

/** The migrations up to (without) `tag`, as a folder of their own (removed after the test). */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'dash-migrations-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at, `no migration ${tag}`).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/** Applies the migrations of `migrationsFolder` that the database has not had yet. */
export async function migrateFrom(database: AppDatabase, migrationsFolder: string): Promise<void> {
  if (database.kind === 'pglite') await migratePglite(database.db, { migrationsFolder });
  else await migrateNodePostgres(database.db, { migrationsFolder });
}

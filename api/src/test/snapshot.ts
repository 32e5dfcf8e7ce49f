import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Per table of the public schema: its row count and a hash of its rows (in a stable order). */
export type TableSnapshot = Record<string, { rows: number; hash: string }>;

/** node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * What the database holds, to prove a refused request changed nothing. Tables that a read may touch
 * by design (`ignore`: e.g. sessions, whose expiry a request pushes forward) are left out.
 */
export async function snapshotTables(db: Database, ignore: readonly string[] = []): Promise<TableSnapshot> {
  const listed = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  );
  const tables = listed.map((row) => row.tablename).filter((name) => !ignore.includes(name));
  const snapshot: TableSnapshot = {};
  if (tables.length === 0) return snapshot;
  // One round trip for every table.
  const query = sql.join(
    tables.map(
      (name) =>
        sql`select ${name}::text as name, count(*)::int as rows,
            md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash
            from ${sql.identifier(name)} t`,
    ),
    sql` union all `,
  );
  const result = rowsOf<{ name: string; rows: number | string; hash: string | null }>(
    await db.execute(query),
  );
  for (const row of result) snapshot[row.name] = { rows: Number(row.rows), hash: row.hash ?? '' };
  return snapshot;
}

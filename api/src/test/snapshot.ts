import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Per table of the public schema: its row count and the newest transaction that wrote one of its
 * rows (the largest `xmin`). PostgreSQL writes a new row version for every INSERT and UPDATE, stamped
 * with the writing transaction's id, and a DELETE lowers the count, so a committed change of any kind
 * changes one of the two; reading them scans the rows without sorting or hashing them (the suites
 * that use this take thousands of snapshots of a growing database).
 */
export type TableSnapshot = Record<string, { rows: number; newestWrite: string }>;

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
            coalesce(max(xmin::text::bigint), 0)::text as newest_write
            from ${sql.identifier(name)}`,
    ),
    sql` union all `,
  );
  const result = rowsOf<{ name: string; rows: number | string; newest_write: string }>(
    await db.execute(query),
  );
  for (const row of result) snapshot[row.name] = { rows: Number(row.rows), newestWrite: row.newest_write };
  return snapshot;
}

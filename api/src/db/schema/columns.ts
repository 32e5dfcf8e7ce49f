/** Column types and helpers the tables share. */
import { sql } from 'drizzle-orm';
import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Binary data: node-postgres answers with a Buffer, PGlite with a Uint8Array; both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export function sqlList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

/** Anything stored in a tsvector column (full-text search). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Amounts: PostgreSQL numeric (never floats), read as decimal strings. */
export const amount = (name: string) => numeric(name, { precision: 38, scale: 8 });

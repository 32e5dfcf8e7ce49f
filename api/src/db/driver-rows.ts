/**
 * Rows as the drivers give them, without drizzle's mapping: for the hot list reads (transfers/repo.ts),
 * where drizzle's per-column decoders and a Date per timestamp cost more than the rest of the row.
 */

/**
 * A prepared statement's rows unmapped: keyed by column name, with PostgreSQL's text for timestamps
 * and numerics (drizzle's own types for them). Both drivers' prepared statements have `all()`
 * (node-postgres and PGlite); pg-core's type does not declare it.
 */
export function unmappedRows<Row>(
  statement: { execute(values?: Record<string, unknown>): Promise<unknown> },
  values: Record<string, unknown>,
): Promise<Row[]> {
  return (statement as unknown as { all(values: Record<string, unknown>): Promise<Row[]> }).all(values);
}

/**
 * A timestamptz's text ('2026-11-26 17:26:39.859123+00', 0 to 6 fraction digits) as
 * `new Date(text).toISOString()` gives it ('2026-11-26T17:26:39.859Z': milliseconds, cut, not
 * rounded), without the Date; a text in another zone or form goes through the Date.
 */
export function isoFromTimestamptz(text: string): string {
  if (text.length < 22 || text.length > 29 || !text.endsWith('+00') || text.charCodeAt(10) !== 32) {
    return new Date(text).toISOString();
  }
  const fraction = text.length === 22 ? '' : text.slice(20, -3);
  const ms = fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0');
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
}

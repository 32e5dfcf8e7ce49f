/** PostgreSQL's unique_violation, as raised by node-postgres and PGlite alike (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const details = current as Error & { code?: unknown; constraint?: unknown };
    if (details.code === '23505') return constraint === undefined || details.constraint === constraint;
    current = current.cause;
  }
  return false;
}

/** PostgreSQL's unique_violation, as raised by node-postgres and PGlite alike (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const details = current as Error & { code?: unknown; constraint?: unknown };
    if (details.code === '23505') return constraint === undefined || details.constraint === constraint;
    current = current.cause;
  }
  return false;
}

/** PostgreSQL's serialization_failure or deadlock_detected: the transaction lost a race and may run again. */
export function isRetryableConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (code === '40001' || code === '40P01') return true;
    current = current.cause;
  }
  return false;
}

/**
 * Runs a transaction again (up to `attempts` times, with a short jittered pause) when PostgreSQL
 * rolled it back as the loser of a deadlock or a serialization conflict; anything else is thrown.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

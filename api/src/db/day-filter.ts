/**
 * The end of a date filter's last day (UTC), exclusive: the start of the next day, as PostgreSQL
 * reads a timestamptz. The filters take any ISO day up to 9999-12-31 (ZQueryDate); the day after
 * that is past what an ISO string holds, so it is 'infinity' (every stored time is before it).
 */
export function endOfDayExclusive(day: string): string {
  const next = new Date(`${day}T00:00:00Z`).getTime() + 86_400_000;
  return next >= Date.UTC(10_000, 0, 1) ? 'infinity' : new Date(next).toISOString();
}

import { describe, expect, it } from 'vitest';
import { TRANSACTIONS_DATE_RANGE_MESSAGE, ZTransactionsFilters, ZTransactionsQuery } from './transfers';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => ({ path: issue.path, message: issue.message }));

describe("the transactions filters' date range (the list's and the CSV export's)", () => {
  it('refuses a range that ends before it starts, on its end', () => {
    const reversed = { from: '2026-11-28', to: '2026-11-01' };
    expect(issuesOf(ZTransactionsFilters.safeParse(reversed))).toEqual([
      { path: ['to'], message: TRANSACTIONS_DATE_RANGE_MESSAGE },
    ]);
    expect(issuesOf(ZTransactionsQuery.safeParse({ ...reversed, page: '2' }))).toEqual([
      { path: ['to'], message: TRANSACTIONS_DATE_RANGE_MESSAGE },
    ]);
  });

  it('takes one day at both ends, an open end, and a range in order, as before', () => {
    for (const filters of [
      { from: '2026-11-28', to: '2026-11-28' },
      { from: '2026-11-01', to: '2026-11-28' },
      { from: '2026-11-28' },
      { to: '2026-11-01' },
      { from: '0001-01-01', to: '9999-12-31' },
      {},
    ]) {
      expect(ZTransactionsFilters.safeParse(filters).success, JSON.stringify(filters)).toBe(true);
      expect(ZTransactionsQuery.parse(filters)).toEqual({ ...filters, page: 1, size: 10 });
    }
  });
});

import {
  readTransactionsPaging,
  type TTransactionsFilters,
  type TTransactionsQuery,
  ZTransactionsFilters,
} from '@dash/shared/api';

/**
 * The list's search params (spec section 2): page and size fall back to their defaults when
 * invalid, and so does each filter on its own (an invalid one is ignored, never an error page).
 * A range that ends before it starts is kept as it was typed: the page says so at its end
 * (transactionsRangeError) and does not ask for it.
 */
export function readTransactionsSearch(search: URLSearchParams): TTransactionsQuery {
  const filters: Record<string, string> = {};
  for (const key of Object.keys(ZTransactionsFilters.shape) as (keyof typeof ZTransactionsFilters.shape)[]) {
    const value = search.get(key);
    if (value === null || value === '') continue;
    const parsed = ZTransactionsFilters.shape[key].safeParse(value);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  return { ...readTransactionsPaging(search), ...(filters as Omit<TTransactionsQuery, 'page' | 'size'>) };
}

/**
 * The contract's issue (coded, for wordIssue) on a range that ends before it starts, the To date's
 * error; undefined when the range is fine. The API refuses that range with the same code.
 */
export function transactionsRangeIssue(filters: TTransactionsFilters) {
  if (!filters.from || !filters.to) return undefined;
  const checked = ZTransactionsFilters.safeParse({ from: filters.from, to: filters.to });
  return checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === 'to');
}

/** The same in English. */
export const transactionsRangeError = (filters: TTransactionsFilters): string | undefined =>
  transactionsRangeIssue(filters)?.message;

import { readTransactionsPaging, type TTransactionsQuery, ZTransactionsFilters } from '@dash/shared/api';

/**
 * The list's search params (spec section 2): page and size fall back to their defaults when
 * invalid, and so does each filter on its own (an invalid one is ignored, never an error page).
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

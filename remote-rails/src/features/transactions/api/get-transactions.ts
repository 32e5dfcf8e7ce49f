import { apiRequest, withSearch } from '@dash/shared';
import { type TTransactionsQuery, type TTransactionsResponse, ZTransactionsResponse } from '@dash/shared/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET rails/transactions: one page of the filtered transactions, newest first. */
export function getTransactions(
  organizationUid: string,
  query: TTransactionsQuery,
  signal?: AbortSignal,
): Promise<TTransactionsResponse> {
  return apiRequest({
    path: withSearch('rails/transactions', query),
    organizationUid,
    response: ZTransactionsResponse,
    failure: 'catalogue.fetchTransactions',
    signal,
  });
}

/** The prefix of every transactions query (lists and details), so one invalidation refreshes all. */
export const transactionsKey = (organizationUid: string) =>
  ['organization', organizationUid, 'transactions'] as const;

export const transactionsQueryOptions = (organizationUid: string, query: TTransactionsQuery) =>
  queryOptions({
    queryKey: [...transactionsKey(organizationUid), 'list', query] as const,
    queryFn: ({ signal }) => getTransactions(organizationUid, query, signal),
  });

/** The list, the previous page kept on screen while the next loads; `enabled: false` asks for nothing. */
export const useTransactionsQuery = (
  organizationUid: string,
  query: TTransactionsQuery,
  options: { enabled?: boolean } = {},
) =>
  useQuery({
    ...transactionsQueryOptions(organizationUid, query),
    placeholderData: keepPreviousData,
    ...options,
  });

import { apiRequest } from '@dash/shared';
import { type TProviderAccount, ZProviderAccountsResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET provider-accounts: the organization's accounts with providers and their status. */
export async function getProviderAccounts(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TProviderAccount[]> {
  const answer = await apiRequest({
    path: 'provider-accounts',
    organizationUid,
    response: ZProviderAccountsResponse,
    failure: 'catalogue.fetchProviderAccounts',
    signal,
  });
  return answer.data;
}

/** The prefix of every provider-account query (the list and each account), so one invalidation refreshes all. */
export const providerAccountsQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'provider-accounts'] as const,
    queryFn: ({ signal }) => getProviderAccounts(organizationUid, signal),
  });

export const useProviderAccountsQuery = (
  organizationUid: string,
  options: { refetchInterval?: number | false } = {},
) => useQuery({ ...providerAccountsQueryOptions(organizationUid), ...options });

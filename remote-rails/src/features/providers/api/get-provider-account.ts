import { ApiError, apiRequest } from '@dash/shared';
import { type TProviderAccount, ZProviderAccountResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { providerAccountsQueryOptions } from './get-provider-accounts';

/** GET provider-accounts/{providerUid}: the organization's account with one provider; null when there is none yet. */
export async function getProviderAccount(
  organizationUid: string,
  providerUid: string,
  signal?: AbortSignal,
): Promise<TProviderAccount | null> {
  try {
    const answer = await apiRequest({
      path: `provider-accounts/${encodeURIComponent(providerUid)}`,
      organizationUid,
      response: ZProviderAccountResponse,
      failure: 'catalogue.fetchProviderAccounts',
      signal,
    });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const providerAccountQueryOptions = (organizationUid: string, providerUid: string) =>
  queryOptions({
    queryKey: [...providerAccountsQueryOptions(organizationUid).queryKey, providerUid] as const,
    queryFn: ({ signal }) => getProviderAccount(organizationUid, providerUid, signal),
  });

export const useProviderAccountQuery = (
  organizationUid: string,
  providerUid: string,
  options: { refetchInterval?: number | false } = {},
) => useQuery({ ...providerAccountQueryOptions(organizationUid, providerUid), ...options });

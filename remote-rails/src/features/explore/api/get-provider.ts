import { apiRequest } from '@dash/shared';
import { type TCatalogueProvider, ZProviderResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET providers/{providerUid}: one provider of the catalogue. */
export async function getProvider(
  organizationUid: string,
  providerUid: string,
  signal?: AbortSignal,
): Promise<TCatalogueProvider> {
  const answer = await apiRequest({
    path: `providers/${encodeURIComponent(providerUid)}`,
    organizationUid,
    response: ZProviderResponse,
    failure: 'catalogue.fetchProvider',
    signal,
  });
  return answer.data;
}

export const providerQueryOptions = (organizationUid: string, providerUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'provider', providerUid] as const,
    queryFn: ({ signal }) => getProvider(organizationUid, providerUid, signal),
  });

export const useProviderQuery = (organizationUid: string, providerUid: string) =>
  useQuery(providerQueryOptions(organizationUid, providerUid));

import { apiRequest, withSearch } from '@dash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TCatalogueProvider, type TProvidersQuery, ZProvidersResponse } from '../contracts/providers';

/** GET providers: the catalogue, filtered by fiat currency and stablecoin network. */
export async function getProviders(
  organizationUid: string,
  filters: TProvidersQuery = {},
  signal?: AbortSignal,
): Promise<TCatalogueProvider[]> {
  const answer = await apiRequest({
    path: withSearch('providers', { currency: filters.currency, network: filters.network }),
    organizationUid,
    response: ZProvidersResponse,
    failure: 'catalogue.fetchProviders',
    signal,
  });
  return answer.data;
}

/** Without filters the key is the prefix of every filtered list's key. */
export const providersQueryOptions = (organizationUid: string, filters: TProvidersQuery = {}) =>
  queryOptions({
    queryKey:
      filters.currency || filters.network
        ? (['organization', organizationUid, 'providers', { ...filters }] as const)
        : (['organization', organizationUid, 'providers'] as const),
    queryFn: ({ signal }) => getProviders(organizationUid, filters, signal),
  });

export const useProvidersQuery = (organizationUid: string, filters: TProvidersQuery = {}) =>
  useQuery(providersQueryOptions(organizationUid, filters));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client/api-client';
import { type TOrganization, ZMyOrganizationsResponse } from '../contracts/organization';

export async function getMyOrganizations(signal?: AbortSignal): Promise<TOrganization[]> {
  const answer = await apiRequest({
    path: 'me/organizations',
    response: ZMyOrganizationsResponse,
    failure: 'catalogue.fetchOrganizations',
    signal,
  });
  return answer.data;
}

export const myOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'organizations'] as const,
    queryFn: ({ signal }) => getMyOrganizations(signal),
  });

export const useMyOrganizationsQuery = () => useQuery(myOrganizationsQueryOptions());

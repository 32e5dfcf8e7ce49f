import { apiRequest, type TOrganization, ZOrganizationResponse } from '@dash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export async function getOrganization(organizationUid: string, signal?: AbortSignal): Promise<TOrganization> {
  const answer = await apiRequest({
    path: 'organization',
    organizationUid,
    response: ZOrganizationResponse,
    failure: 'catalogue.getOrganization',
    signal,
  });
  return answer.data;
}

export const organizationQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid] as const,
    queryFn: ({ signal }) => getOrganization(organizationUid, signal),
  });

export const useOrganizationQuery = (organizationUid: string) =>
  useQuery(organizationQueryOptions(organizationUid));

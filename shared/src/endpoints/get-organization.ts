import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client/api-client';
import { ERROR_MESSAGES } from '../contracts/catalogue';
import { type TOrganization, ZOrganizationResponse } from '../contracts/organization';

export async function getOrganization(organizationUid: string, signal?: AbortSignal): Promise<TOrganization> {
  const answer = await apiRequest({
    path: 'organization',
    organizationUid,
    response: ZOrganizationResponse,
    failure: ERROR_MESSAGES.getOrganization,
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

import { apiRequest } from '@dash/shared';
import { type TApiKey, ZApiKeysResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET organization/api-keys: the organization's keys, revoked ones included (Admins). */
export async function getApiKeys(organizationUid: string, signal?: AbortSignal): Promise<TApiKey[]> {
  const answer = await apiRequest({
    path: 'organization/api-keys',
    organizationUid,
    response: ZApiKeysResponse,
    failure: 'catalogue.fetchApiKeys',
    signal,
  });
  return answer.data;
}

export const apiKeysQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'api-keys'] as const,
    queryFn: ({ signal }) => getApiKeys(organizationUid, signal),
  });

export const useApiKeysQuery = (organizationUid: string) => useQuery(apiKeysQueryOptions(organizationUid));

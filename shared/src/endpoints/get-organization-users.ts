import { apiRequest } from '@dash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TOrganizationUser, ZOrganizationUsersResponse } from '../contracts/members';

/** GET organization/users: every member with name, e-mail and role. */
export async function getOrganizationUsers(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TOrganizationUser[]> {
  const answer = await apiRequest({
    path: 'organization/users',
    organizationUid,
    response: ZOrganizationUsersResponse,
    failure: 'catalogue.fetchOrganizationUsers',
    signal,
  });
  return answer.data;
}

export const organizationUsersQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'users'] as const,
    queryFn: ({ signal }) => getOrganizationUsers(organizationUid, signal),
  });

export const useOrganizationUsersQuery = (organizationUid: string) =>
  useQuery(organizationUsersQueryOptions(organizationUid));

import { apiRequest } from '@dash/shared';
import { type TInvitation, ZInvitationsResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET organization/invitations: the organization's pending invitations (Admins). */
export async function getOrganizationInvitations(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TInvitation[]> {
  const answer = await apiRequest({
    path: 'organization/invitations',
    organizationUid,
    response: ZInvitationsResponse,
    failure: 'catalogue.fetchInvitations',
    signal,
  });
  return answer.data;
}

export const organizationInvitationsQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'invitations'] as const,
    queryFn: ({ signal }) => getOrganizationInvitations(organizationUid, signal),
  });

export const useOrganizationInvitationsQuery = (
  organizationUid: string,
  options: { enabled?: boolean } = {},
) => useQuery({ ...organizationInvitationsQueryOptions(organizationUid), enabled: options.enabled ?? true });

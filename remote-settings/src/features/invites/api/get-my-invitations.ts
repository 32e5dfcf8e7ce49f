import { apiRequest } from '@dash/shared';
import { type TMyInvitation, ZMyInvitationsResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET me/invitations: the signed-in user's pending invitations. */
export async function getMyInvitations(signal?: AbortSignal): Promise<TMyInvitation[]> {
  const answer = await apiRequest({
    path: 'me/invitations',
    response: ZMyInvitationsResponse,
    failure: 'catalogue.fetchInvitations',
    signal,
  });
  return answer.data;
}

export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'invitations'] as const,
    queryFn: ({ signal }) => getMyInvitations(signal),
  });

export const useMyInvitationsQuery = () => useQuery(myInvitationsQueryOptions());

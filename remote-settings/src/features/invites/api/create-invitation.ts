import { apiRequest } from '@dash/shared';
import {
  overviewQueryOptions,
  type TCreateInvitationRequest,
  type TInvitation,
  ZInvitationResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationInvitationsQueryOptions } from './get-organization-invitations';

/** POST organization/invitations: e-mails the invitee a link; inviting again re-sends and renews it. */
export async function createInvitation(
  organizationUid: string,
  body: TCreateInvitationRequest,
): Promise<TInvitation> {
  const answer = await apiRequest({
    path: 'organization/invitations',
    method: 'POST',
    body,
    organizationUid,
    response: ZInvitationResponse,
    failure: 'catalogue.createInvitation',
  });
  return answer.data;
}

export function useCreateInvitationMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateInvitationRequest) => createInvitation(organizationUid, body),
    // The overview's getting-started checklist has a step for it ("Invite a teammate").
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: organizationInvitationsQueryOptions(organizationUid).queryKey,
        }),
        queryClient.invalidateQueries({ queryKey: overviewQueryOptions(organizationUid).queryKey }),
      ]),
  });
}

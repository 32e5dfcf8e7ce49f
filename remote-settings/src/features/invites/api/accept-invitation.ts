import { apiRequest, myOrganizationsQueryOptions, type TOrganization } from '@dash/shared';
import { ZAcceptInvitationResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myInvitationsQueryOptions } from './get-my-invitations';

/** POST me/invitations/{uid}/accept: joins the organization with the invitation's role. */
export async function acceptInvitation(invitationUid: string): Promise<TOrganization> {
  const answer = await apiRequest({
    path: `me/invitations/${encodeURIComponent(invitationUid)}/accept`,
    method: 'POST',
    response: ZAcceptInvitationResponse,
    failure: 'catalogue.acceptInvitation',
  });
  return answer.data;
}

/** The organization joined appears in the switcher: the organization list is reloaded. */
export function useAcceptInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myInvitationsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: myOrganizationsQueryOptions().queryKey }),
      ]);
    },
  });
}

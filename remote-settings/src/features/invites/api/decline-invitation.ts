import { apiRequest } from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myInvitationsQueryOptions } from './get-my-invitations';

/** POST me/invitations/{uid}/decline. */
export async function declineInvitation(invitationUid: string): Promise<void> {
  await apiRequest({
    path: `me/invitations/${encodeURIComponent(invitationUid)}/decline`,
    method: 'POST',
    response: null,
    failure: 'catalogue.declineInvitation',
  });
}

export function useDeclineInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myInvitationsQueryOptions().queryKey }),
  });
}

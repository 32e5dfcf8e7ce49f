import { apiRequest } from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationInvitationsQueryOptions } from './get-organization-invitations';

/** DELETE organization/invitations/{uid}: the link in the mail stops working. */
export async function revokeInvitation(organizationUid: string, invitationUid: string): Promise<void> {
  await apiRequest({
    path: `organization/invitations/${encodeURIComponent(invitationUid)}`,
    method: 'DELETE',
    organizationUid,
    response: null,
    failure: 'catalogue.revokeInvitation',
  });
}

export function useRevokeInvitationMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationUid: string) => revokeInvitation(organizationUid, invitationUid),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: organizationInvitationsQueryOptions(organizationUid).queryKey,
      }),
  });
}

import { apiRequest } from '@dash/shared';
import { organizationUsersQueryOptions } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE organization/users/{userUid}: removes a member from the organization. */
export async function deleteOrganizationUser(organizationUid: string, userUid: string): Promise<void> {
  await apiRequest({
    path: `organization/users/${encodeURIComponent(userUid)}`,
    method: 'DELETE',
    organizationUid,
    response: null,
    failure: 'catalogue.deleteOrganizationMember',
  });
}

export function useDeleteOrganizationUserMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userUid: string) => deleteOrganizationUser(organizationUid, userUid),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: organizationUsersQueryOptions(organizationUid).queryKey }),
  });
}

import { apiRequest, myOrganizationsQueryOptions } from '@dash/shared';
import {
  organizationUsersQueryOptions,
  type TOrganizationUser,
  type TUpdateOrganizationUserRequest,
  ZOrganizationUserResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PATCH organization/users/{userUid}: a member's new role. */
export async function updateOrganizationUser(
  organizationUid: string,
  userUid: string,
  body: TUpdateOrganizationUserRequest,
): Promise<TOrganizationUser> {
  const answer = await apiRequest({
    path: `organization/users/${encodeURIComponent(userUid)}`,
    method: 'PATCH',
    body,
    organizationUid,
    response: ZOrganizationUserResponse,
    failure: 'catalogue.updateOrganizationMember',
  });
  return answer.data;
}

/** Refreshes the member list, and the organization list (an Admin may have changed their own role). */
export function useUpdateOrganizationUserMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userUid, role }: { userUid: string } & TUpdateOrganizationUserRequest) =>
      updateOrganizationUser(organizationUid, userUid, { role }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationUsersQueryOptions(organizationUid).queryKey }),
        queryClient.invalidateQueries({ queryKey: myOrganizationsQueryOptions().queryKey }),
      ]);
    },
  });
}

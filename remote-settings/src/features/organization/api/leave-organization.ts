import { apiRequest, myOrganizationsQueryOptions } from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationQueryOptions } from './get-organization';

/** POST organization/leave: any member may leave, except the last Admin. */
export async function leaveOrganization(organizationUid: string): Promise<void> {
  await apiRequest({
    path: 'organization/leave',
    method: 'POST',
    organizationUid,
    response: null,
    failure: 'catalogue.leaveOrganization',
  });
}

export function useLeaveOrganizationMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveOrganization(organizationUid),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: organizationQueryOptions(organizationUid).queryKey });
      await queryClient.resetQueries({ queryKey: myOrganizationsQueryOptions().queryKey });
    },
  });
}

import { apiRequest, myOrganizationsQueryOptions, type TDeleteOrganizationRequest } from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationQueryOptions } from './get-organization';

/** DELETE organization: the body repeats the organization's slug as confirmation. */
export async function deleteOrganization(
  organizationUid: string,
  body: TDeleteOrganizationRequest,
): Promise<void> {
  await apiRequest({
    path: 'organization',
    method: 'DELETE',
    body,
    organizationUid,
    response: null,
    failure: 'catalogue.deleteOrganization',
  });
}

/** Afterwards the organization list is reloaded, so the dashboard index picks the next organization. */
export function useDeleteOrganizationMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDeleteOrganizationRequest) => deleteOrganization(organizationUid, body),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: organizationQueryOptions(organizationUid).queryKey });
      await queryClient.resetQueries({ queryKey: myOrganizationsQueryOptions().queryKey });
    },
  });
}

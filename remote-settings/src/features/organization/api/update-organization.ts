import {
  apiRequest,
  myOrganizationsQueryOptions,
  type TOrganization,
  type TUpdateOrganizationRequest,
  ZOrganizationResponse,
} from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationQueryOptions } from './get-organization';

export async function updateOrganization(
  organizationUid: string,
  body: TUpdateOrganizationRequest,
): Promise<TOrganization> {
  const answer = await apiRequest({
    path: 'organization',
    method: 'PATCH',
    body,
    organizationUid,
    response: ZOrganizationResponse,
    failure: 'catalogue.updateOrganization',
  });
  return answer.data;
}

/** Updating an organization refreshes its caches (spec section 4). */
export function useUpdateOrganizationMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateOrganizationRequest) => updateOrganization(organizationUid, body),
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationQueryOptions(organizationUid).queryKey, organization);
      await queryClient.invalidateQueries({ queryKey: myOrganizationsQueryOptions().queryKey });
    },
  });
}

import {
  apiRequest,
  meQueryOptions,
  myOrganizationsQueryOptions,
  type TCreateOrganizationRequest,
  type TOrganization,
  ZOrganizationResponse,
} from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export async function createOrganization(body: TCreateOrganizationRequest): Promise<TOrganization> {
  const answer = await apiRequest({
    path: 'organization',
    method: 'POST',
    body,
    response: ZOrganizationResponse,
    failure: 'catalogue.createOrganization',
  });
  return answer.data;
}

/** Creating an organization resets the session and organization caches (spec section 4). */
export function useCreateOrganizationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      await Promise.all([
        queryClient.resetQueries({ queryKey: meQueryOptions().queryKey, exact: true }),
        queryClient.resetQueries({ queryKey: myOrganizationsQueryOptions().queryKey }),
      ]);
    },
  });
}

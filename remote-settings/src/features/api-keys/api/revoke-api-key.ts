import { apiRequest } from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysQueryOptions } from './get-api-keys';

/** DELETE organization/api-keys/{uid}: the key stops working at once. */
export async function revokeApiKey(organizationUid: string, apiKeyUid: string): Promise<void> {
  await apiRequest({
    path: `organization/api-keys/${encodeURIComponent(apiKeyUid)}`,
    method: 'DELETE',
    organizationUid,
    response: null,
    failure: 'catalogue.revokeApiKey',
  });
}

export function useRevokeApiKeyMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKeyUid: string) => revokeApiKey(organizationUid, apiKeyUid),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(organizationUid).queryKey }),
  });
}

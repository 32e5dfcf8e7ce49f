import { apiRequest } from '@dash/shared';
import {
  type TCreateApiKeyRequest,
  type TCreateApiKeyResponse,
  ZCreateApiKeyResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysQueryOptions } from './get-api-keys';

/** POST organization/api-keys: the new key with its secret, the only time the secret is sent. */
export async function createApiKey(
  organizationUid: string,
  body: TCreateApiKeyRequest,
): Promise<TCreateApiKeyResponse['data']> {
  const answer = await apiRequest({
    path: 'organization/api-keys',
    method: 'POST',
    body,
    organizationUid,
    response: ZCreateApiKeyResponse,
    failure: 'catalogue.createApiKey',
  });
  return answer.data;
}

export function useCreateApiKeyMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateApiKeyRequest) => createApiKey(organizationUid, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(organizationUid).queryKey }),
  });
}

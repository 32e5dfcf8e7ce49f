import { apiRequest } from '@dash/shared';
import {
  type TCreateWebhookEndpointRequest,
  type TWebhookEndpointWithSecretResponse,
  ZWebhookEndpointWithSecretResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointsQueryOptions } from './get-webhook-endpoints';

/** POST webhooks/endpoints: registers an endpoint; the answer holds its signing secret, shown this once. */
export async function createWebhookEndpoint(
  organizationUid: string,
  body: TCreateWebhookEndpointRequest,
): Promise<TWebhookEndpointWithSecretResponse['data']> {
  const answer = await apiRequest({
    path: 'webhooks/endpoints',
    method: 'POST',
    body,
    organizationUid,
    response: ZWebhookEndpointWithSecretResponse,
    failure: 'catalogue.createWebhookEndpoint',
  });
  return answer.data;
}

export function useCreateWebhookEndpointMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateWebhookEndpointRequest) => createWebhookEndpoint(organizationUid, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryOptions(organizationUid).queryKey }),
  });
}

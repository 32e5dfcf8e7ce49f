import { apiRequest } from '@dash/shared';
import {
  type TWebhookEndpointWithSecretResponse,
  ZWebhookEndpointWithSecretResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointsQueryOptions } from './get-webhook-endpoints';

/** POST webhooks/endpoints/{endpointUid}/secret: a new signing secret (shown once); the old one overlaps. */
export async function rotateWebhookSecret(
  organizationUid: string,
  endpointUid: string,
): Promise<TWebhookEndpointWithSecretResponse['data']> {
  const answer = await apiRequest({
    path: `webhooks/endpoints/${encodeURIComponent(endpointUid)}/secret`,
    method: 'POST',
    organizationUid,
    response: ZWebhookEndpointWithSecretResponse,
    failure: 'catalogue.rotateWebhookSecret',
  });
  return answer.data;
}

export function useRotateWebhookSecretMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointUid: string) => rotateWebhookSecret(organizationUid, endpointUid),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryOptions(organizationUid).queryKey }),
  });
}

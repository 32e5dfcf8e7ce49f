import { apiRequest } from '@dash/shared';
import { type TWebhookEndpoint, ZWebhookEndpointResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointsQueryOptions } from './get-webhook-endpoints';

/** POST webhooks/endpoints/{endpointUid}/enable: a disabled endpoint gets events again. */
export async function enableWebhookEndpoint(
  organizationUid: string,
  endpointUid: string,
): Promise<TWebhookEndpoint> {
  const answer = await apiRequest({
    path: `webhooks/endpoints/${encodeURIComponent(endpointUid)}/enable`,
    method: 'POST',
    organizationUid,
    response: ZWebhookEndpointResponse,
    failure: 'catalogue.enableWebhookEndpoint',
  });
  return answer.data;
}

export function useEnableWebhookEndpointMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointUid: string) => enableWebhookEndpoint(organizationUid, endpointUid),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryOptions(organizationUid).queryKey }),
  });
}

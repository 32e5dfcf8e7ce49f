import { apiRequest } from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointsQueryOptions } from './get-webhook-endpoints';

/** DELETE webhooks/endpoints/{endpointUid}: removes the endpoint and its log. */
export async function deleteWebhookEndpoint(organizationUid: string, endpointUid: string): Promise<void> {
  await apiRequest({
    path: `webhooks/endpoints/${encodeURIComponent(endpointUid)}`,
    method: 'DELETE',
    organizationUid,
    response: null,
    failure: 'catalogue.deleteWebhookEndpoint',
  });
}

export function useDeleteWebhookEndpointMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointUid: string) => deleteWebhookEndpoint(organizationUid, endpointUid),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryOptions(organizationUid).queryKey }),
  });
}

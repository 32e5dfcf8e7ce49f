import { apiRequest } from '@dash/shared';
import { ZWebhookEventQueuedResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhooksKey } from './get-webhook-endpoints';

/** POST webhooks/endpoints/{endpointUid}/test: queues a `webhook.test` event for this endpoint. */
export async function sendWebhookTest(organizationUid: string, endpointUid: string): Promise<string> {
  const answer = await apiRequest({
    path: `webhooks/endpoints/${encodeURIComponent(endpointUid)}/test`,
    method: 'POST',
    organizationUid,
    response: ZWebhookEventQueuedResponse,
    failure: 'catalogue.sendWebhookTest',
  });
  return answer.data.eventId;
}

export function useSendWebhookTestMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointUid: string) => sendWebhookTest(organizationUid, endpointUid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(organizationUid) }),
  });
}

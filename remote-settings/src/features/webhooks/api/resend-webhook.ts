import { apiRequest } from '@dash/shared';
import { ZWebhookEventQueuedResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhooksKey } from './get-webhook-endpoints';

/** POST webhooks/endpoints/{endpointUid}/deliveries/{deliveryUid}/resend: the same event, sent again. */
export async function resendWebhook(organizationUid: string, endpointUid: string, deliveryUid: string) {
  const answer = await apiRequest({
    path: `webhooks/endpoints/${encodeURIComponent(endpointUid)}/deliveries/${encodeURIComponent(deliveryUid)}/resend`,
    method: 'POST',
    organizationUid,
    response: ZWebhookEventQueuedResponse,
    failure: 'catalogue.resendWebhook',
  });
  return answer.data.eventId;
}

export function useResendWebhookMutation(organizationUid: string, endpointUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryUid: string) => resendWebhook(organizationUid, endpointUid, deliveryUid),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(organizationUid) }),
  });
}

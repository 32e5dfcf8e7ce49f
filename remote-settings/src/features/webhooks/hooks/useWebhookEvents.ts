import { EVENT_STREAM_POLL_MS, useOrganizationEvents } from '@dash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { webhooksKey } from '../api/get-webhook-endpoints';

/**
 * Keeps the endpoints and their logs live from the organization's event stream: a delivery attempt
 * or a disabling (webhook_endpoint.updated) refetches them. While the stream is down, the answer is
 * the polling interval for the page's queries.
 */
export function useWebhookEvents(organizationUid: string): number | false {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKey(organizationUid) });
  const status = useOrganizationEvents(organizationUid, {
    onEvent: (event) => {
      if (event.type === 'webhook_endpoint.updated') void refresh();
    },
    onResync: () => void refresh(),
  });
  return status === 'open' ? false : EVENT_STREAM_POLL_MS;
}

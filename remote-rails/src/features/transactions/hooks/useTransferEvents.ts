import { EVENT_STREAM_POLL_MS, useOrganizationEvents } from '@dash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { transactionsKey } from '../api/get-transactions';

/**
 * Keeps transactions live from the organization's event stream: a transfer.updated refetches the
 * lists and details (one query-key prefix). While the stream is down, the answer is the polling
 * interval for the page's queries.
 */
export function useTransferEvents(organizationUid: string): number | false {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: transactionsKey(organizationUid) });
  const status = useOrganizationEvents(organizationUid, {
    onEvent: (event) => {
      if (event.type === 'transfer.updated') void refresh();
    },
    onResync: () => void refresh(),
  });
  return status === 'open' ? false : EVENT_STREAM_POLL_MS;
}

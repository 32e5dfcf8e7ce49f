import { EVENT_STREAM_POLL_MS, useOrganizationEvents } from '@dash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { providerAccountsQueryOptions } from '../../providers/api/get-provider-accounts';

/**
 * Keeps the provider accounts live from the organization's event stream: an update refetches the
 * list and every account page (one query-key prefix). While the stream is down the answer is the
 * polling interval for the page's queries.
 */
export function useProviderAccountEvents(organizationUid: string): number | false {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: providerAccountsQueryOptions(organizationUid).queryKey });
  const status = useOrganizationEvents(organizationUid, {
    onEvent: (event) => {
      if (event.type === 'provider_account.updated') void refresh();
    },
    onResync: () => void refresh(),
  });
  return status === 'open' ? false : EVENT_STREAM_POLL_MS;
}

import {
  apiRequest,
  type TOrganizationEvent,
  useEventStreamPollInterval,
  useOrganizationEvents,
} from '@dash/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { holdingsPath, type THoldings, ZHoldingsResponse } from '../contracts/holdings';

/**
 * GET organizations/{orgUid}/holdings: what the organization's Safe and registered wallets hold on
 * chain, and where the ledger differs. Used by the overview (shell) and the wallet page (remote-wallet).
 */
export async function getHoldings(organizationUid: string, signal?: AbortSignal): Promise<THoldings> {
  const answer = await apiRequest({
    path: holdingsPath(organizationUid),
    response: ZHoldingsResponse,
    failure: 'catalogue.fetchHoldings',
    signal,
  });
  return answer.data;
}

export const holdingsQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'holdings'] as const,
    queryFn: ({ signal }) => getHoldings(organizationUid, signal),
  });

/**
 * Whether an event changes what the holdings show: the chain's amounts (holdings.updated) or the
 * ledger's side of the reconciliation (a transfer that moved).
 */
export function holdingsChangedBy(event: TOrganizationEvent): boolean {
  return event.type === 'holdings.updated' || event.type === 'transfer.updated';
}

/** The holdings, kept live by the one event stream; polled while the stream is down. */
export function useHoldingsQuery(organizationUid: string) {
  const queryClient = useQueryClient();
  const { queryKey } = holdingsQueryOptions(organizationUid);
  const streamPoll = useEventStreamPollInterval(organizationUid);
  useOrganizationEvents(organizationUid, {
    onEvent: (event) => {
      if (holdingsChangedBy(event)) void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey, exact: true }),
  });
  return useQuery({
    ...holdingsQueryOptions(organizationUid),
    refetchInterval: streamPoll,
  });
}

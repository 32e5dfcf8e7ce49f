import {
  apiRequest,
  type TOrganizationEvent,
  useEventStreamPollInterval,
  useOrganizationEvents,
} from '@dash/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { overviewPath, type TOverview, ZOverviewResponse } from '../contracts/overview';
import { WALLET_POLL_INTERVAL_MS } from '../contracts/wallet';

/** GET organizations/{orgUid}/overview: the organization's overview, for the reader, in one round trip. */
export async function getOverview(organizationUid: string, signal?: AbortSignal): Promise<TOverview> {
  const answer = await apiRequest({
    path: overviewPath(organizationUid),
    response: ZOverviewResponse,
    failure: 'messages.failedToFetchOverview',
    signal,
  });
  return answer.data;
}

export const overviewQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'overview'] as const,
    queryFn: ({ signal }) => getOverview(organizationUid, signal),
  });

/**
 * Whether an event changes what the overview shows: transfers (balances, volume, latest, approvals),
 * conversations (unread), the KYB application, provider accounts. A thread read by someone else
 * changes nothing for this reader.
 */
export function overviewChangedBy(event: TOrganizationEvent, readerUid: string): boolean {
  switch (event.type) {
    case 'transfer.updated':
    case 'thread.created':
    case 'message.created':
    case 'kyb.updated':
    case 'provider_account.updated':
      return true;
    case 'thread.read':
      return event.userUid === readerUid;
    default:
      return false;
  }
}

/**
 * The overview, kept live by the one event stream; it polls while the stream is down, and while the
 * wallet deploys (no event tells of a deployment's end).
 */
export function useOverviewQuery(organizationUid: string, readerUid: string) {
  const queryClient = useQueryClient();
  const { queryKey } = overviewQueryOptions(organizationUid);
  const streamPoll = useEventStreamPollInterval(organizationUid);
  useOrganizationEvents(organizationUid, {
    onEvent: (event) => {
      if (overviewChangedBy(event, readerUid)) void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey, exact: true }),
  });
  return useQuery({
    ...overviewQueryOptions(organizationUid),
    refetchInterval: (query) =>
      query.state.data?.wallet.status === 'deploying' ? WALLET_POLL_INTERVAL_MS : streamPoll,
  });
}

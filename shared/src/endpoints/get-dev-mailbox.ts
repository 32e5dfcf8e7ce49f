import { apiRequest, ERROR_MESSAGES } from '@dash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TMailboxResponse, ZMailboxResponse } from '../contracts/mailbox';

export function getDevMailbox(signal?: AbortSignal): Promise<TMailboxResponse> {
  return apiRequest({
    path: 'dev/mailbox',
    response: ZMailboxResponse,
    failure: ERROR_MESSAGES.fetchMailbox,
    signal,
  });
}

export const devMailboxQueryOptions = () =>
  queryOptions({ queryKey: ['dev', 'mailbox'] as const, queryFn: ({ signal }) => getDevMailbox(signal) });

export const useDevMailboxQuery = () => useQuery({ ...devMailboxQueryOptions(), refetchInterval: 3000 });

import { apiRequest } from '@dash/shared';
import { type TMailboxResponse, ZMailboxResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

export function getDevMailbox(signal?: AbortSignal): Promise<TMailboxResponse> {
  return apiRequest({
    path: 'dev/mailbox',
    response: ZMailboxResponse,
    failure: 'catalogue.fetchMailbox',
    signal,
  });
}

export const devMailboxQueryOptions = () =>
  queryOptions({ queryKey: ['dev', 'mailbox'] as const, queryFn: ({ signal }) => getDevMailbox(signal) });

export const useDevMailboxQuery = () => useQuery({ ...devMailboxQueryOptions(), refetchInterval: 3000 });

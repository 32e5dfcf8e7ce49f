import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../client/api-client';
import { ERROR_MESSAGES } from '../contracts/catalogue';
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

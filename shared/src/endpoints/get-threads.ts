import { apiRequest, ERROR_MESSAGES } from '@dash/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type TThreadsResponse, ZThreadsResponse } from '../contracts/messages';

/** GET messages: the organization's threads, newest activity first, one page at a time. */
export async function getThreads(
  organizationUid: string,
  search: { q?: string; cursor?: string } = {},
  signal?: AbortSignal,
): Promise<TThreadsResponse> {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.cursor) params.set('cursor', search.cursor);
  const query = params.toString();
  return apiRequest({
    path: query ? `messages?${query}` : 'messages',
    organizationUid,
    response: ZThreadsResponse,
    failure: ERROR_MESSAGES.fetchThreads,
    signal,
  });
}

/**
 * Without `q` the key is the prefix of every search's key, so invalidating
 * `threadsQueryOptions(org).queryKey` refreshes the plain list and every search of it.
 */
export const threadsQueryOptions = (organizationUid: string, q?: string) => {
  const search = q?.trim() || undefined;
  return infiniteQueryOptions({
    queryKey: search
      ? (['organization', organizationUid, 'threads', { q: search }] as const)
      : (['organization', organizationUid, 'threads'] as const),
    queryFn: ({ pageParam, signal }) => getThreads(organizationUid, { q: search, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
};

export const useThreadsQuery = (
  organizationUid: string,
  q?: string,
  options: { refetchInterval?: number | false } = {},
) => useInfiniteQuery({ ...threadsQueryOptions(organizationUid, q), ...options });

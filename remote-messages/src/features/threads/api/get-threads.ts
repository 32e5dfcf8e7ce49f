import { apiRequest, withSearch } from '@dash/shared';
import { type TThreadsResponse, ZThreadsResponse } from '@dash/shared/api';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

/** GET messages: the organization's threads, newest activity first, one page at a time. */
export async function getThreads(
  organizationUid: string,
  search: { q?: string; cursor?: string } = {},
  signal?: AbortSignal,
): Promise<TThreadsResponse> {
  return apiRequest({
    path: withSearch('messages', { q: search.q, cursor: search.cursor }),
    organizationUid,
    response: ZThreadsResponse,
    failure: 'catalogue.fetchThreads',
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

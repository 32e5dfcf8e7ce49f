import { apiRequest } from '@dash/shared';
import { type TMessage, type TThreadMessagesResponse, ZThreadMessagesResponse } from '@dash/shared/api';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';

/** GET messages/{threadUid}: without `before`, the newest page; each page is oldest first. */
export async function getThreadMessages(
  organizationUid: string,
  threadUid: string,
  page: { before?: string } = {},
  signal?: AbortSignal,
): Promise<TThreadMessagesResponse> {
  const query = page.before ? `?before=${encodeURIComponent(page.before)}` : '';
  return apiRequest({
    path: `messages/${encodeURIComponent(threadUid)}${query}`,
    organizationUid,
    response: ZThreadMessagesResponse,
    failure: 'catalogue.fetchThread',
    signal,
  });
}

export type TThreadMessagesData = InfiniteData<TThreadMessagesResponse>;

/**
 * A thread pages backwards from its newest messages: the first page is the newest, and the "next"
 * page of the infinite query is the one of OLDER messages (`before` = the loaded page's prevCursor).
 */
export const threadMessagesQueryOptions = (organizationUid: string, threadUid: string) =>
  infiniteQueryOptions({
    queryKey: ['organization', organizationUid, 'thread-messages', threadUid] as const,
    queryFn: ({ pageParam, signal }) =>
      getThreadMessages(organizationUid, threadUid, { before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.prevCursor ?? undefined,
    // Loaded pages keep their identity when an older one is appended, so comparing every page of
    // a long thread with its previous self on each load (structural sharing) would be pure cost:
    // with 100 pages of a 5,000-message thread it made scrolling to the top quadratic.
    structuralSharing: false,
  });

export const useThreadMessagesQuery = (organizationUid: string, threadUid: string | undefined) =>
  useInfiniteQuery({
    ...threadMessagesQueryOptions(organizationUid, threadUid ?? ''),
    // Runs only when the organization and the thread are known (spec section 7).
    enabled: Boolean(organizationUid && threadUid),
  });

/** Every loaded message of a thread, oldest first. */
export function threadMessagesOf(data: TThreadMessagesData | undefined): TMessage[] {
  if (!data) return [];
  const messages: TMessage[] = [];
  for (let index = data.pages.length - 1; index >= 0; index -= 1)
    messages.push(...(data.pages[index]?.data ?? []));
  return messages;
}

/**
 * Puts a fresh newest page into the cached thread without refetching every older page (a thread may
 * hold thousands of messages). Messages already loaded are replaced by their fresh versions; when
 * the fresh page does not reach the loaded ones (many new messages meanwhile), the thread restarts
 * from the fresh page and older pages load again on scroll.
 */
export function mergeNewestThreadPage(
  data: TThreadMessagesData | undefined,
  fresh: TThreadMessagesResponse,
): TThreadMessagesData {
  const first = data?.pages[0];
  if (!data || !first) return { pages: [fresh], pageParams: [undefined] };
  const freshUids = new Set(fresh.data.map((message) => message.uid));
  const loaded = new Set(data.pages.flatMap((page) => page.data.map((message) => message.uid)));
  const touches = fresh.prevCursor === null || fresh.data.some((message) => loaded.has(message.uid));
  if (!touches) return { pages: [fresh], pageParams: [undefined] };
  const newest: TThreadMessagesResponse = {
    ...fresh,
    data: [...first.data.filter((message) => !freshUids.has(message.uid)), ...fresh.data],
    prevCursor: first.prevCursor,
  };
  const older = data.pages
    .slice(1)
    .map((page) => ({ ...page, data: page.data.filter((message) => !freshUids.has(message.uid)) }));
  return { pages: [newest, ...older], pageParams: data.pageParams };
}

/** Fetches a thread's newest page and merges it into the cache (new messages, delivery changes). */
export async function refreshThreadMessages(
  queryClient: QueryClient,
  organizationUid: string,
  threadUid: string,
): Promise<void> {
  const { queryKey } = threadMessagesQueryOptions(organizationUid, threadUid);
  if (!queryClient.getQueryData(queryKey)) return;
  const fresh = await getThreadMessages(organizationUid, threadUid);
  queryClient.setQueryData(queryKey, (data) => mergeNewestThreadPage(data, fresh));
}

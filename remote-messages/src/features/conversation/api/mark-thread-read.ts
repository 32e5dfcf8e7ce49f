import { apiRequest } from '@dash/shared';
import type { TThreadsResponse } from '@dash/shared/api';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { threadsQueryOptions } from '../../threads/api/get-threads';

/** POST messages/{threadUid}/read: the current user has read the thread up to now. */
export async function markThreadRead(organizationUid: string, threadUid: string): Promise<void> {
  await apiRequest({
    path: `messages/${encodeURIComponent(threadUid)}/read`,
    method: 'POST',
    organizationUid,
    response: null,
    failure: 'catalogue.fetchThread',
  });
}

const listed = (organizationUid: string) => ({ queryKey: threadsQueryOptions(organizationUid).queryKey });

/**
 * Clears the thread's unread dot in every cached list at once. A read changes nothing else in a list,
 * so a success asks for the list again only when an answer may predate the read: one on its way as the
 * read is confirmed, or one that came meanwhile and shows the dot again. The organization's event stream
 * reports the read to the other tabs (see `threadShownUnread`). A failure puts the lists back as the
 * server has them.
 */
export function useMarkThreadReadMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadUid: string) => markThreadRead(organizationUid, threadUid),
    onMutate: (threadUid) => {
      queryClient.setQueriesData<InfiniteData<TThreadsResponse>>(listed(organizationUid), (data) =>
        data?.pages.some((page) => page.data.some((thread) => thread.uid === threadUid))
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.map((thread) =>
                  thread.uid === threadUid ? { ...thread, unreadCount: 0 } : thread,
                ),
              })),
            }
          : data,
      );
    },
    onSuccess: (_, threadUid) => {
      if (
        queryClient.isFetching(listed(organizationUid)) > 0 ||
        threadShownUnread(queryClient, organizationUid, threadUid)
      )
        return queryClient.invalidateQueries(listed(organizationUid));
    },
    onError: () => queryClient.invalidateQueries(listed(organizationUid)),
  });
}

/**
 * Whether a cached list still shows the thread unread: the current user's read of it, reported by
 * the event stream, needs the list asked for again only then (a read in another tab), not when this
 * tab made it (its dot is already gone).
 */
export function threadShownUnread(queryClient: QueryClient, organizationUid: string, threadUid: string) {
  return queryClient
    .getQueriesData<InfiniteData<TThreadsResponse>>(listed(organizationUid))
    .some(([, data]) =>
      data?.pages.some((page) =>
        page.data.some((thread) => thread.uid === threadUid && thread.unreadCount > 0),
      ),
    );
}

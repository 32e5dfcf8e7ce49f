import { apiRequest, ERROR_MESSAGES } from '@dash/shared';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TThreadsResponse } from '../contracts/messages';
import { threadsQueryOptions } from './get-threads';

/** POST messages/{threadUid}/read: the current user has read the thread up to now. */
export async function markThreadRead(organizationUid: string, threadUid: string): Promise<void> {
  await apiRequest({
    path: `messages/${encodeURIComponent(threadUid)}/read`,
    method: 'POST',
    organizationUid,
    response: null,
    failure: ERROR_MESSAGES.fetchThread,
  });
}

/** Clears the thread's unread dot in every cached list at once, then confirms with the server's list. */
export function useMarkThreadReadMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadUid: string) => markThreadRead(organizationUid, threadUid),
    onMutate: (threadUid) => {
      queryClient.setQueriesData<InfiniteData<TThreadsResponse>>(
        { queryKey: threadsQueryOptions(organizationUid).queryKey },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              data: page.data.map((thread) =>
                thread.uid === threadUid ? { ...thread, unreadCount: 0 } : thread,
              ),
            })),
          },
      );
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: threadsQueryOptions(organizationUid).queryKey }),
  });
}

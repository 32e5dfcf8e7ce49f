import { EVENT_STREAM_POLL_MS, useOrganizationEvents, useSession } from '@dash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  refreshThreadMessages,
  threadMessagesQueryOptions,
} from '../../conversation/api/get-thread-messages';
import { threadShownUnread } from '../../conversation/api/mark-thread-read';
import { threadsQueryOptions } from '../api/get-threads';

/**
 * Keeps the Message Center live from the organization's event stream: a new thread or message
 * refreshes the list, and the open thread gets its newest page merged in (never a refetch of every
 * page of a long thread). While the stream is down the list and the open thread poll instead; the
 * answer is the list's refetchInterval.
 */
export function useMessageCenterEvents(
  organizationUid: string,
  openThreadUid: string | undefined,
): number | false {
  const queryClient = useQueryClient();
  const { user } = useSession();

  const refreshList = () =>
    queryClient.invalidateQueries({ queryKey: threadsQueryOptions(organizationUid).queryKey });
  const refreshThread = (threadUid: string) =>
    refreshThreadMessages(queryClient, organizationUid, threadUid).catch(() => undefined);

  const status = useOrganizationEvents(organizationUid, {
    onEvent: (event) => {
      switch (event.type) {
        case 'thread.read':
          // This user's read, made here (the dot is gone already) or in another tab.
          if (event.userUid === user.uid && threadShownUnread(queryClient, organizationUid, event.threadUid))
            void refreshList();
          return;
        case 'thread.created':
          void refreshList();
          return;
        case 'message.created':
        case 'message.updated':
          if (event.type === 'message.created') void refreshList();
          if (event.threadUid === openThreadUid) void refreshThread(event.threadUid);
          // A long thread seen earlier starts again from its newest page when it is opened next.
          else
            queryClient.removeQueries({
              queryKey: threadMessagesQueryOptions(organizationUid, event.threadUid).queryKey,
            });
      }
    },
    onResync: () => {
      void refreshList();
      if (openThreadUid) void refreshThread(openThreadUid);
    },
  });

  const pollInterval = status === 'open' ? false : EVENT_STREAM_POLL_MS;
  useEffect(() => {
    if (pollInterval === false || !openThreadUid) return;
    const timer = setInterval(
      () => void refreshThreadMessages(queryClient, organizationUid, openThreadUid).catch(() => undefined),
      pollInterval,
    );
    return () => clearInterval(timer);
  }, [pollInterval, openThreadUid, organizationUid, queryClient]);
  return pollInterval;
}

import { apiRequest } from '@dash/shared';
import { type TMessage, type TReplyRequest, ZReplyResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  refreshThreadMessages,
  threadMessagesQueryOptions,
} from '../../conversation/api/get-thread-messages';
import { threadsQueryOptions } from '../../threads/api/get-threads';

/** POST messages/{threadUid}: a reply with text and uploaded attachments; answers the stored message. */
export async function replyToThread(
  organizationUid: string,
  threadUid: string,
  body: TReplyRequest,
): Promise<TMessage> {
  const answer = await apiRequest({
    path: `messages/${encodeURIComponent(threadUid)}`,
    method: 'POST',
    body,
    organizationUid,
    response: ZReplyResponse,
    failure: 'catalogue.replyToMessage',
  });
  return answer.data;
}

/** Then the thread is refreshed (spec section 7), and the list, whose order follows the newest message. */
export function useReplyToThreadMutation(organizationUid: string, threadUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReplyRequest) => replyToThread(organizationUid, threadUid, body),
    onSuccess: async () => {
      await Promise.all([
        // The reply is stored: a failed refresh must not turn it into a failed send (the text would
        // stay, inviting a second one). The thread is then asked again when next shown.
        refreshThreadMessages(queryClient, organizationUid, threadUid).catch(() =>
          queryClient.invalidateQueries({
            queryKey: threadMessagesQueryOptions(organizationUid, threadUid).queryKey,
          }),
        ),
        queryClient.invalidateQueries({ queryKey: threadsQueryOptions(organizationUid).queryKey }),
      ]);
    },
  });
}

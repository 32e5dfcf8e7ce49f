import { NotFoundView, type TServerPrefetch } from '@dash/shared';
import { Route, Routes } from 'react-router';
import { threadMessagesQueryOptions } from '../features/conversation/api/get-thread-messages';
import { threadsQueryOptions } from '../features/threads/api/get-threads';
import '../i18n';
import { MessageCenterPage } from '../features/threads/routes/MessageCenterPage';
import { AreaProbe } from './AreaProbe';

/** /org/{org}/messages/*: the Message Center; /messages/{threadUid} opens one conversation. */
export default function MessagesArea() {
  return (
    <>
      <AreaProbe />
      <Routes>
        <Route path=":threadUid?" element={<MessageCenterPage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </>
  );
}

/**
 * The server's render of the Message Center (the shell's ssr.tsx) starts with what the page's first
 * render reads: the conversation list (no search) and the conversation it shows, the one in the URL
 * or, beside the list on a wide screen, the newest; so the page arrives with them in it.
 */
const serverPrefetch: TServerPrefetch = async ({ queryClient, organization, pathname, phone }) => {
  if (!organization) return;
  const threads = await queryClient.fetchInfiniteQuery(threadsQueryOptions(organization.uid));
  const inUrl = /\/messages\/([^/]+)/.exec(pathname)?.[1];
  const shown = inUrl ? decodeURIComponent(inUrl) : phone ? undefined : threads.pages[0]?.data[0]?.uid;
  if (shown) await queryClient.prefetchInfiniteQuery(threadMessagesQueryOptions(organization.uid, shown));
};
MessagesArea.serverPrefetch = serverPrefetch;

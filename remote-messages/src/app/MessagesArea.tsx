import { NotFoundView, type TServerPrefetch } from '@dash/shared';
import { threadsQueryOptions } from '@dash/shared/api';
import { Route, Routes } from 'react-router-dom';
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
 * The server's render of the Message Center (the shell's ssr.tsx) starts with the conversation list,
 * as the page's first render reads it (no search), so the page arrives with the threads in it.
 */
const serverPrefetch: TServerPrefetch = async ({ queryClient, organization }) => {
  if (organization) await queryClient.prefetchInfiniteQuery(threadsQueryOptions(organization.uid));
};
MessagesArea.serverPrefetch = serverPrefetch;

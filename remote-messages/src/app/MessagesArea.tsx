import { NotFoundView } from '@dash/shared';
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

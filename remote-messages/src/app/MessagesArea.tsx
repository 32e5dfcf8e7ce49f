import { NotFoundView } from '@dash/shared';
import { Route, Routes } from 'react-router-dom';
import { MessageCenterPage } from '../features/threads/routes/MessageCenterPage';
import { AreaProbe } from './AreaProbe';

/** /org/{org}/messages/*: the Message Center. */
export default function MessagesArea() {
  return (
    <>
      <AreaProbe />
      <Routes>
        <Route index element={<MessageCenterPage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </>
  );
}

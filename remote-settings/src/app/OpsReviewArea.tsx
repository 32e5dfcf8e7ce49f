import { NotFoundView } from '@dash/shared';
import { Route, Routes } from 'react-router';
import { KybQueuePage } from '../features/ops-review/routes/KybQueuePage';
import { KybReviewPage } from '../features/ops-review/routes/KybReviewPage';
import { AreaProbe } from './AreaProbe';
import '../i18n';

/** /ops/kyb/*: the compliance review (the shell opens it to operators only; the API checks too). */
export default function OpsReviewArea() {
  return (
    <>
      <AreaProbe />
      <Routes>
        <Route index element={<KybQueuePage />} />
        <Route path=":organizationUid" element={<KybReviewPage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </>
  );
}

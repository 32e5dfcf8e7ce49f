import { NotFoundView, PageSkeleton } from '@dash/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

const OpenStablePage = lazy(() => import('../features/open-stable/routes/OpenStablePage'));
const OnboardPage = lazy(() => import('../features/open-stable/routes/OnboardPage'));
const ProviderAccountPage = lazy(() => import('../features/open-stable/routes/ProviderAccountPage'));

/** /org/{org}/open-stable, /open-stable/onboard and /open-stable/{providerUid}; each page is its own chunk. */
export default function OpenStableArea() {
  return (
    <Suspense fallback={<PageSkeleton rows={3} label="Loading Open Stable" />}>
      <Routes>
        <Route index element={<OpenStablePage />} />
        <Route path="onboard" element={<OnboardPage />} />
        <Route path=":providerUid" element={<ProviderAccountPage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </Suspense>
  );
}

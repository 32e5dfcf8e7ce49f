import { NotFoundView, PageSkeleton } from '@dash/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

const ExplorePage = lazy(() => import('../features/explore/routes/ExplorePage'));
const ProviderPage = lazy(() => import('../features/explore/routes/ProviderPage'));

/** /org/{org}/explore and /org/{org}/explore/{providerUid}; each page is its own chunk. */
export default function ExploreArea() {
  return (
    <Suspense fallback={<PageSkeleton rows={6} label="Loading providers" />}>
      <Routes>
        <Route index element={<ExplorePage />} />
        <Route path=":providerUid" element={<ProviderPage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </Suspense>
  );
}

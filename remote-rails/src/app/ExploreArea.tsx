import { NotFoundView, PageSkeleton, useT } from '@dash/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import '../i18n';

const ExplorePage = lazy(() => import('../features/explore/routes/ExplorePage'));
const ProviderPage = lazy(() => import('../features/explore/routes/ProviderPage'));

/** /org/{org}/explore and /org/{org}/explore/{providerUid}; each page is its own chunk. */
export default function ExploreArea() {
  const { t } = useT('rails');
  return (
    <Suspense fallback={<PageSkeleton rows={6} label={t('loading.providers')} />}>
      <Routes>
        <Route index element={<ExplorePage />} />
        <Route path=":providerUid" element={<ProviderPage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </Suspense>
  );
}

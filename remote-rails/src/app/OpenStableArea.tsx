import { NotFoundView, PageSkeleton, useT } from '@dash/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import '../i18n';

const OpenStablePage = lazy(() => import('../features/open-stable/routes/OpenStablePage'));
const OnboardPage = lazy(() => import('../features/open-stable/routes/OnboardPage'));
const ProviderAccountPage = lazy(() => import('../features/open-stable/routes/ProviderAccountPage'));

/** /org/{org}/open-stable, /open-stable/onboard and /open-stable/{providerUid}; each page is its own chunk. */
export default function OpenStableArea() {
  const { t } = useT('rails');
  return (
    <Suspense fallback={<PageSkeleton rows={3} label={t('loading.openStable')} />}>
      <Routes>
        <Route index element={<OpenStablePage />} />
        <Route path="onboard" element={<OnboardPage />} />
        <Route path=":providerUid" element={<ProviderAccountPage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </Suspense>
  );
}

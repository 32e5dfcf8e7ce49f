import { PageSkeleton, useT } from '@dash/shared';
import { lazy, Suspense } from 'react';
import '../i18n';
import { AreaProbe } from './AreaProbe';

const DepositForm = lazy(() => import('../features/deposit/routes/DepositForm'));

/** /org/{org}/deposit */
export default function DepositPage() {
  const { t } = useT('rails');
  return (
    <>
      <AreaProbe />
      <Suspense fallback={<PageSkeleton rows={5} label={t('loading.deposit')} />}>
        <DepositForm />
      </Suspense>
    </>
  );
}

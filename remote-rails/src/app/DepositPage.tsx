import { PageSkeleton } from '@dash/shared';
import { lazy, Suspense } from 'react';
import { AreaProbe } from './AreaProbe';

const DepositForm = lazy(() => import('../features/deposit/routes/DepositForm'));

/** /org/{org}/deposit */
export default function DepositPage() {
  return (
    <>
      <AreaProbe />
      <Suspense fallback={<PageSkeleton rows={5} label="Loading deposit" />}>
        <DepositForm />
      </Suspense>
    </>
  );
}

import { PageSkeleton, useT } from '@dash/shared';

/** Spec section 2: the Transactions page has a loading skeleton (one row per row of the page). */
export function TransactionsSkeleton({ rows = 10 }: { rows?: number }) {
  const { t } = useT('rails');
  return <PageSkeleton rows={Math.min(rows, 20)} label={t('loading.transactions')} />;
}

import { PageSkeleton } from '@dash/shared';

/** Spec section 2: the Transactions page has a loading skeleton (one row per row of the page). */
export function TransactionsSkeleton({ rows = 10 }: { rows?: number }) {
  return <PageSkeleton rows={Math.min(rows, 20)} label="Loading transactions" />;
}

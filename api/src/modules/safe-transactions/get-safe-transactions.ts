import type { TSafeTransaction, TSafeTransactions } from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import type { SafeTransactionDeps } from './deps';
import { findSafeTransaction, listSafeTransactions, openAtNonce, type SafeTransactionRow } from './repo';
import { viewSafeTransactions } from './view';

// Read the Safe's transactions (every member): the queue by nonce, with conflicts at a nonce shown,
// and the latest history; or one transaction by its safeTxHash.

function openCounts(queued: readonly SafeTransactionRow[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const row of queued) counts.set(row.nonce, (counts.get(row.nonce) ?? 0) + 1);
  return counts;
}

export async function listSafeTransactionViews(
  deps: SafeTransactionDeps,
  organizationUid: string,
): Promise<TSafeTransactions> {
  const { queued, history } = await listSafeTransactions(deps.db, organizationUid);
  // One view of both (one read of their confirmations, the signers and the proposers); the
  // history's transactions are in conflict with none.
  const views = await viewSafeTransactions(
    deps.db,
    organizationUid,
    [...queued, ...history],
    openCounts(queued),
  );
  return {
    queued: views.slice(0, queued.length),
    history: views.slice(queued.length).map((view) => ({ ...view, conflict: false })),
  };
}

export async function getSafeTransactionView(
  deps: SafeTransactionDeps,
  organizationUid: string,
  safeTxHash: string,
): Promise<TSafeTransaction> {
  const row = await findSafeTransaction(deps.db, organizationUid, safeTxHash);
  if (!row) throw new AppError('NOT_FOUND', 'Safe transaction not found');
  const open = await openAtNonce(deps.db, organizationUid, row.nonce);
  const [view] = await viewSafeTransactions(deps.db, organizationUid, [row], openCounts(open));
  return view as TSafeTransaction;
}

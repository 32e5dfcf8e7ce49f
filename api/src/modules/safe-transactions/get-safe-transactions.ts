import type { TSafeTransaction, TSafeTransactionHistory, TSafeTransactions } from '@dash/shared/contracts';
import { codedMessage, SAFE_HISTORY_PAGE_SIZE_DEFAULT } from '@dash/shared/contracts';
import { AppError } from '../../http/errors';
import type { SafeTransactionDeps } from './deps';
import { historyPage, isHistoryRow, listQueued, type SafeTransactionListRow } from './repo';
import { nonceKey, readSafeTransactionView, viewSafeTransactionListItems } from './view';

// Read the Safe's transactions (every member), on every network the Safe is on: the queue by nonce
// ascending, the networks at one nonce in name order, then by proposal (as the wallet page groups
// it), with conflicts shown where two open transactions share a nonce of one network's Safe (nonce 0
// on two networks is no conflict); the history a page at a time, the last to leave the queue first,
// each row with its network (light list rows); or one transaction, in full, by its safeTxHash.

function openCounts(
  queued: readonly Pick<SafeTransactionListRow, 'chainId' | 'nonce'>[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of queued) counts.set(nonceKey(row), (counts.get(nonceKey(row)) ?? 0) + 1);
  return counts;
}

/** One page of the history, read one row further to know whether another page follows. */
async function readHistoryPage(
  deps: SafeTransactionDeps,
  organizationUid: string,
  page: { cursor: string | undefined; limit: number },
): Promise<TSafeTransactionHistory> {
  const rows = await historyPage(deps.db, organizationUid, { after: page.cursor, limit: page.limit + 1 });
  const shown = rows.slice(0, page.limit);
  // The history's transactions are in conflict with none.
  const history = await viewSafeTransactionListItems(deps, organizationUid, shown, new Map());
  return { history, historyCursor: rows.length > page.limit ? (shown.at(-1)?.uid ?? null) : null };
}

export async function listSafeTransactionViews(
  deps: SafeTransactionDeps,
  organizationUid: string,
): Promise<TSafeTransactions> {
  const [queued, history] = await Promise.all([
    listQueued(deps.db, organizationUid)
      .then((rows) => viewSafeTransactionListItems(deps, organizationUid, rows, openCounts(rows)))
      // Stable: the repository's order (nonce, then proposal time) stays within a network.
      .then((rows) =>
        rows.sort(
          (a, b) => a.nonce - b.nonce || (a.network < b.network ? -1 : a.network > b.network ? 1 : 0),
        ),
      ),
    readHistoryPage(deps, organizationUid, { cursor: undefined, limit: SAFE_HISTORY_PAGE_SIZE_DEFAULT }),
  ]);
  return { queued, ...history };
}

/** The history after `cursor` (a previous page's historyCursor); an unknown cursor is a 400. */
export async function listSafeTransactionHistory(
  deps: SafeTransactionDeps,
  organizationUid: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<TSafeTransactionHistory> {
  if (query.cursor && !(await isHistoryRow(deps.db, organizationUid, query.cursor)))
    throw new AppError('VALIDATION', codedMessage('messages.invalidPageCursor'), {
      cursor: codedMessage('messages.invalidPageCursor'),
    });
  return readHistoryPage(deps, organizationUid, { cursor: query.cursor, limit: query.limit });
}

export async function getSafeTransactionView(
  deps: SafeTransactionDeps,
  organizationUid: string,
  safeTxHash: string,
): Promise<TSafeTransaction> {
  const view = await readSafeTransactionView(deps, organizationUid, safeTxHash);
  if (!view) throw new AppError('NOT_FOUND', codedMessage('messages.safeTransactionNotFound'));
  return view;
}

import type { TTransactionsQuery, TTransactionsResponse } from '@dash/shared/contracts';
import type { OrganizationContext } from '../../http/guards';
import type { TransferDeps } from './deps';
import { listFiltersFor, prepareTransactionList } from './list-repo';

// The transactions list (GET rails/transactions): one page of the organization's transfers, newest
// first, with how many match the filters. Its statements are prepared once, by the service.

export function prepareListTransfers(deps: TransferDeps) {
  const listReads = prepareTransactionList(deps.db);
  return async function listTransfers(
    context: OrganizationContext,
    query: TTransactionsQuery,
  ): Promise<TTransactionsResponse> {
    const { page, size, ...asked } = query;
    const filters = listFiltersFor(asked, context.user.uid);
    const organizationUid = context.organization.uid;
    // The count is the same for every page of one filter: kept in the read cache (emptied by
    // every write and every event, a transfer's change included) so paging does not recount.
    const count = () => listReads.count(organizationUid, filters);
    const [data, { total, totalIsExact }] = await Promise.all([
      listReads.page(organizationUid, filters, { page, size }),
      deps.readCache
        ? deps.readCache.read(
            `transactions-count:${organizationUid}:${JSON.stringify(filters)}`,
            async () => ({
              value: await count(),
              validUntil: null,
            }),
            organizationUid,
          )
        : count(),
    ]);
    return { data, page, size, total, totalIsExact };
  };
}

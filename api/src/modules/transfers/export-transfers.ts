import type { TTransactionsFilters } from '@dash/shared/contracts';
import type { OrganizationContext } from '../../http/guards';
import type { TransferDeps } from './deps';
import { iterateTransferCsvFields, listFiltersFor } from './list-repo';

// The transactions CSV export (GET organizations/{uid}/transactions/export.csv): the list's
// filtered set, unpaged; the route streams it as the reader pulls.

/** The filtered set's CSV fields in batches, newest first (the export streams them). */
export function exportTransfers(
  deps: TransferDeps,
  context: OrganizationContext,
  filters: TTransactionsFilters,
) {
  return iterateTransferCsvFields(
    deps.db,
    context.organization.uid,
    listFiltersFor(filters, context.user.uid),
  );
}

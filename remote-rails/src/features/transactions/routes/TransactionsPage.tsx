import { readTransactionsPaging } from '@dash/shared';
import { useSearchParams } from 'react-router-dom';
import { PlannedPage } from '../../../components/PlannedPage';

export function TransactionsPage() {
  const [search] = useSearchParams();
  const { page, size } = readTransactionsPaging(search);
  return (
    <PlannedPage title="Transactions">
      Page {page}, {size} per page: your organization's transfers between bank rails and wallets.
    </PlannedPage>
  );
}

import { useParams } from 'react-router-dom';
import { PlannedPage } from '../../../components/PlannedPage';

export function TransactionPage() {
  const { transaction } = useParams();
  return <PlannedPage title="Transaction">Details of transaction {transaction}.</PlannedPage>;
}

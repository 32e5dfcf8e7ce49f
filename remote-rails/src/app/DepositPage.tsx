import { PlannedPage } from '../components/PlannedPage';
import { AreaProbe } from './AreaProbe';

/** /org/{org}/deposit */
export default function DepositPage() {
  return (
    <>
      <AreaProbe />
      <PlannedPage title="Deposit">
        Deposit BRL through Transfero and receive testbrz on polygon-amoy.
      </PlannedPage>
    </>
  );
}

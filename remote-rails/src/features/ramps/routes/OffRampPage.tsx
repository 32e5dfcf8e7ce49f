import { RampPage } from '../components/RampPage';

/** /org/{org}/rails/off-ramp?providerUid&currency&bankBeneficiaryUid&network */
export default function OffRampPage() {
  return <RampPage type="off_ramp" />;
}

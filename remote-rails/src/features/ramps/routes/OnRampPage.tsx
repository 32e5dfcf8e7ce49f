import { RampPage } from '../components/RampPage';

/** /org/{org}/rails/on-ramp?providerUid&currency&walletUid */
export default function OnRampPage() {
  return <RampPage type="on_ramp" />;
}

import { PlannedPage } from '../../../components/PlannedPage';

export const OnRampPage = () => (
  <PlannedPage title="On-ramp">Turn bank money into stablecoins in a registered wallet.</PlannedPage>
);

export const OffRampPage = () => (
  <PlannedPage title="Off-ramp">Turn stablecoins into money in a bank beneficiary's account.</PlannedPage>
);

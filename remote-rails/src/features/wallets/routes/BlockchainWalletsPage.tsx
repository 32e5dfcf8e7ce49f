import { PlannedPage } from '../../../components/PlannedPage';

export const BlockchainWalletsPage = () => (
  <PlannedPage title="Registered Wallets">
    Blockchain wallets your organization sends stablecoins to.
  </PlannedPage>
);

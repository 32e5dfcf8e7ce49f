import { PlannedPage } from '../../../components/PlannedPage';

export const BankBeneficiariesPage = () => (
  <PlannedPage title="Bank Beneficiaries">
    Mexican CLABE accounts and Brazilian Pix keys you pay out to.
  </PlannedPage>
);

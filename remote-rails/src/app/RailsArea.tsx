import { NotFoundView } from '@dash/shared';
import { Navigate, Route, Routes } from 'react-router-dom';
import { BankBeneficiariesPage } from '../features/beneficiaries/routes/BankBeneficiariesPage';
import { OffRampPage, OnRampPage } from '../features/ramps/routes/RampPages';
import { TransactionPage } from '../features/transactions/routes/TransactionPage';
import { TransactionsPage } from '../features/transactions/routes/TransactionsPage';
import { BlockchainWalletsPage } from '../features/wallets/routes/BlockchainWalletsPage';
import { AreaProbe } from './AreaProbe';

/** /org/{org}/rails/*: transactions, ramps, registered wallets and bank beneficiaries. */
export default function RailsArea() {
  return (
    <>
      <AreaProbe />
      <Routes>
        <Route index element={<Navigate to="transactions" replace />} />
        <Route path="transactions" element={<TransactionsPage />} />
        <Route path="transactions/:transaction" element={<TransactionPage />} />
        <Route path="on-ramp" element={<OnRampPage />} />
        <Route path="off-ramp" element={<OffRampPage />} />
        <Route path="blockchain-wallets" element={<BlockchainWalletsPage />} />
        <Route path="bank-beneficiaries" element={<BankBeneficiariesPage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </>
  );
}

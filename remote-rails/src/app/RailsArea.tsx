import { NotFoundView, PageSkeleton } from '@dash/shared';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { OffRampPage, OnRampPage } from '../features/ramps/routes/RampPages';
import { TransactionPage } from '../features/transactions/routes/TransactionPage';
import { TransactionsPage } from '../features/transactions/routes/TransactionsPage';
import { AreaProbe } from './AreaProbe';

// Lazy: the counterparty pages bring their forms and the CLABE/Pix helpers only when opened.
const BlockchainWalletsPage = lazy(() => import('../features/wallets/routes/BlockchainWalletsPage'));
const BankBeneficiariesPage = lazy(() => import('../features/beneficiaries/routes/BankBeneficiariesPage'));

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
        <Route
          path="blockchain-wallets"
          element={
            <Suspense fallback={<PageSkeleton rows={10} label="Loading registered wallets" />}>
              <BlockchainWalletsPage />
            </Suspense>
          }
        />
        <Route
          path="bank-beneficiaries"
          element={
            <Suspense fallback={<PageSkeleton rows={5} label="Loading bank beneficiaries" />}>
              <BankBeneficiariesPage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </>
  );
}

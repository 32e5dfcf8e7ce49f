import { NotFoundView, PageSkeleton, useT } from '@dash/shared';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { TransactionsSkeleton } from '../features/transactions/components/TransactionsSkeleton';
import '../i18n';
import { AreaProbe } from './AreaProbe';

// Lazy: the counterparty pages bring their forms and the CLABE/Pix helpers only when opened.
const BlockchainWalletsPage = lazy(() => import('../features/wallets/routes/BlockchainWalletsPage'));
const BankBeneficiariesPage = lazy(() => import('../features/beneficiaries/routes/BankBeneficiariesPage'));
// Lazy too: the money pages (and the QR code library) load when opened, behind their skeletons.
const TransactionsPage = lazy(() => import('../features/transactions/routes/TransactionsPage'));
const TransactionPage = lazy(() => import('../features/transactions/routes/TransactionPage'));
const OnRampPage = lazy(() => import('../features/ramps/routes/OnRampPage'));
const OffRampPage = lazy(() => import('../features/ramps/routes/OffRampPage'));

/** /org/{org}/rails/*: transactions, ramps, registered wallets and bank beneficiaries. */
export default function RailsArea() {
  const { t } = useT('rails');
  return (
    <>
      <AreaProbe />
      <Routes>
        <Route index element={<Navigate to="transactions" replace />} />
        <Route
          path="transactions"
          element={
            <Suspense fallback={<TransactionsSkeleton />}>
              <TransactionsPage />
            </Suspense>
          }
        />
        <Route
          path="transactions/:transaction"
          element={
            <Suspense fallback={<PageSkeleton rows={6} label={t('loading.transaction')} />}>
              <TransactionPage />
            </Suspense>
          }
        />
        <Route
          path="on-ramp"
          element={
            <Suspense fallback={<PageSkeleton rows={5} label={t('loading.onRamp')} />}>
              <OnRampPage />
            </Suspense>
          }
        />
        <Route
          path="off-ramp"
          element={
            <Suspense fallback={<PageSkeleton rows={5} label={t('loading.offRamp')} />}>
              <OffRampPage />
            </Suspense>
          }
        />
        <Route
          path="blockchain-wallets"
          element={
            <Suspense fallback={<PageSkeleton rows={10} label={t('loading.registeredWallets')} />}>
              <BlockchainWalletsPage />
            </Suspense>
          }
        />
        <Route
          path="bank-beneficiaries"
          element={
            <Suspense fallback={<PageSkeleton rows={5} label={t('loading.bankBeneficiaries')} />}>
              <BankBeneficiariesPage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
    </>
  );
}

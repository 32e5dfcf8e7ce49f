import { NotFoundView, PageSkeleton, useT } from '@dash/shared';
import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import '../i18n';
import { WalletPage } from '../features/wallet/routes/WalletPage';
import { AreaProbe } from './AreaProbe';

// Reached from the wallet page, so loaded when first opened: the area's first load is the wallet.
const AddSignerPage = lazy(() => import('../features/signers/routes/AddSignerPage'));
const SetSigningDevicePage = lazy(() => import('../features/signing-device/routes/SetSigningDevicePage'));
const SafeTransactionPage = lazy(() => import('../features/transactions/routes/SafeTransactionPage'));
const SendFromSafePage = lazy(() => import('../features/transactions/routes/SendFromSafePage'));

/** /org/{org}/wallet/*: the organization's multi-signature wallet. */
export default function WalletArea() {
  const { t } = useT('wallet');
  return (
    <>
      <AreaProbe />
      <Routes>
        <Route index element={<WalletPage />} />
        <Route
          path="add-signer"
          element={
            <Suspense fallback={<PageSkeleton rows={3} />}>
              <AddSignerPage />
            </Suspense>
          }
        />
        <Route
          path="signing-device"
          element={
            <Suspense fallback={<PageSkeleton rows={3} />}>
              <SetSigningDevicePage />
            </Suspense>
          }
        />
        <Route
          path="send"
          element={
            <Suspense fallback={<PageSkeleton rows={3} />}>
              <SendFromSafePage />
            </Suspense>
          }
        />
        <Route
          path="transactions/:safeTxHash"
          element={
            <Suspense fallback={<PageSkeleton rows={6} />}>
              <SafeTransactionPage />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
      {/* Which release of the wallet is running, for support (also in the shell's About panel). */}
      <Text size="xs" c="dimmed" mt="xl">
        {t('area.build', { version: import.meta.env.REMOTE_VERSION })}
      </Text>
    </>
  );
}

import { NotFoundView, useT } from '@dash/shared';
import { Text } from '@mantine/core';
import { Route, Routes } from 'react-router-dom';
import '../i18n';
import { AddSignerPage } from '../features/signers/routes/AddSignerPage';
import { SetSigningDevicePage } from '../features/signing-device/routes/SetSigningDevicePage';
import { WalletPage } from '../features/wallet/routes/WalletPage';
import { AreaProbe } from './AreaProbe';

/** /org/{org}/wallet/*: the organization's multi-signature wallet. */
export default function WalletArea() {
  const { t } = useT('wallet');
  return (
    <>
      <AreaProbe />
      <Routes>
        <Route index element={<WalletPage />} />
        <Route path="add-signer" element={<AddSignerPage />} />
        <Route path="signing-device" element={<SetSigningDevicePage />} />
        <Route path="*" element={<NotFoundView />} />
      </Routes>
      {/* Which release of the wallet is running, for support (also in the shell's About panel). */}
      <Text size="xs" c="dimmed" mt="xl">
        {t('area.build', { version: import.meta.env.REMOTE_VERSION })}
      </Text>
    </>
  );
}

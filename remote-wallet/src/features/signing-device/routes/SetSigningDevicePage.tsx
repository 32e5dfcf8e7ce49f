import { LoadFailed, PageSkeleton, paths, useCurrentOrganization, useSession, useT } from '@dash/shared';
import { useSigningDevicesQuery } from '@dash/shared/api';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WalletSubpage } from '../../../components/WalletSubpage';
import { useQueryErrorToast } from '../../../hooks/useQueryErrorToast';
import { useWalletQuery } from '../../wallet/api/get-wallet';
import { SigningDeviceForm } from '../components/SigningDeviceForm';

/** /wallet/signing-device: a signer chooses which of their own signing devices signs for the wallet. */
export default function SetSigningDevicePage() {
  const { t } = useT('wallet');
  const organization = useCurrentOrganization();
  const { user } = useSession();
  const wallet = useWalletQuery(organization.uid);
  const devices = useSigningDevicesQuery();
  useQueryErrorToast(wallet);
  useQueryErrorToast(devices);
  const walletPath = paths.org.wallet.root(organization.slug);
  // Adding a device comes back here, to choose it.
  const addDevicePath = paths.settings.newSigningDevice(paths.org.wallet.signingDevice(organization.slug));
  const me = wallet.data?.signers.find((signer) => signer.uid === user.uid);

  // A failed background refetch keeps what was loaded on screen (the toast tells).
  let content: ReactNode;
  if (wallet.data && devices.data) {
    if (!me) content = <Alert color="gray">{t('rules.notASigner')}</Alert>;
    else if (wallet.data.status !== 'undeployed') content = <Alert color="gray">{t('rules.locked')}</Alert>;
    else if (devices.data.length === 0) {
      content = (
        <Stack gap="xs" align="flex-start">
          <Text>{t('signingDevice.none')}</Text>
          <Button component={Link} to={addDevicePath} variant="light">
            {t('signingDevice.addDevice')}
          </Button>
        </Stack>
      );
    } else {
      return (
        <Page>
          <SigningDeviceForm
            organization={organization}
            devices={devices.data}
            current={me.signingDeviceUid}
          />
          {/* The way to a device of another address, e.g. when another signer uses the one they have. */}
          <Anchor component={Link} to={addDevicePath} size="sm">
            {t('signingDevice.addAnother')}
          </Anchor>
        </Page>
      );
    }
  } else if (wallet.isError) content = <LoadFailed error={wallet.error} onRetry={() => wallet.refetch()} />;
  else if (devices.isError) content = <LoadFailed error={devices.error} onRetry={() => devices.refetch()} />;
  else content = <PageSkeleton rows={2} label={t('signingDevice.loading')} />;

  return (
    <Page>
      {content}
      <Anchor component={Link} to={walletPath} size="sm">
        {t('page.backToWallet')}
      </Anchor>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  const { t } = useT('wallet');
  return (
    <WalletSubpage title={t('signingDevice.title')} description={t('signingDevice.description')}>
      {children}
    </WalletSubpage>
  );
}

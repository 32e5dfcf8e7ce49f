import {
  LoadFailed,
  PageSkeleton,
  paths,
  useCurrentOrganization,
  useSession,
  useSigningDevicesQuery,
  useWalletQuery,
  WALLET_LOCKED_MESSAGE,
  WALLET_NOT_A_SIGNER_MESSAGE,
} from '@dash/shared';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { WalletSubpage } from '../../../components/WalletSubpage';
import { useQueryErrorToast } from '../../../hooks/useQueryErrorToast';
import { SigningDeviceForm } from '../components/SigningDeviceForm';

/** /wallet/signing-device: a signer chooses which of their own signing devices signs for the wallet. */
export function SetSigningDevicePage() {
  const organization = useCurrentOrganization();
  const { user } = useSession();
  const wallet = useWalletQuery(organization.uid);
  const devices = useSigningDevicesQuery();
  useQueryErrorToast(wallet);
  useQueryErrorToast(devices);
  const walletPath = paths.org.wallet.root(organization.slug);
  const me = wallet.data?.signers.find((signer) => signer.uid === user.uid);

  // A failed background refetch keeps what was loaded on screen (the toast tells).
  let content: ReactNode;
  if (wallet.data && devices.data) {
    if (!me) content = <Alert color="gray">{WALLET_NOT_A_SIGNER_MESSAGE}</Alert>;
    else if (wallet.data.status !== 'undeployed')
      content = <Alert color="gray">{WALLET_LOCKED_MESSAGE}</Alert>;
    else if (devices.data.length === 0) {
      content = (
        <Stack gap="xs" align="flex-start">
          <Text>You have no signing device yet. Add one with its Ethereum address, then come back here.</Text>
          <Button component={Link} to={paths.settings.newSigningDevice()} variant="light">
            Add a signing device
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
        </Page>
      );
    }
  } else if (wallet.isError) content = <LoadFailed error={wallet.error} onRetry={() => wallet.refetch()} />;
  else if (devices.isError) content = <LoadFailed error={devices.error} onRetry={() => devices.refetch()} />;
  else content = <PageSkeleton rows={2} label="Loading signing devices" />;

  return (
    <Page>
      {content}
      <Anchor component={Link} to={walletPath} size="sm">
        Back to wallet
      </Anchor>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <WalletSubpage
      title="Set Signing Device"
      description="Its address becomes one of the wallet's owners: you will sign the wallet's transactions with it."
    >
      {children}
    </WalletSubpage>
  );
}

import { useFormat, useT } from '@dash/shared';
import type { TWalletSigner } from '@dash/shared/api';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { sharedAddresses, signerName } from '../../../lib/wallet-display';
import { ChangeSigningDeviceButton } from './ChangeSigningDeviceButton';

/**
 * Tells a signer whose signing device address another signer also uses that the wallet cannot be
 * deployed so (a Safe cannot have one owner twice), and offers them the way out. Nothing otherwise.
 */
export function SharedAddressNotice({
  organizationSlug,
  signers,
  currentUserUid,
}: {
  organizationSlug: string;
  signers: TWalletSigner[];
  currentUserUid: string;
}) {
  const { t } = useT('wallet');
  const f = useFormat();
  const group = sharedAddresses(signers).find((sharing) =>
    sharing.some((signer) => signer.uid === currentUserUid),
  );
  const me = group?.find((signer) => signer.uid === currentUserUid);
  if (!group || !me?.ethAddress) return null;
  const others = group.filter((signer) => signer !== me);
  return (
    <Alert color="orange" variant="light" title={t('signingDevice.sharedTitle')}>
      <Stack gap="sm">
        <Text size="sm">
          {t('signingDevice.sharedText', {
            names: f.list(others.map(signerName)),
            address: me.ethAddress,
          })}
        </Text>
        <Group>
          <ChangeSigningDeviceButton organizationSlug={organizationSlug} size="sm" variant="light" />
        </Group>
      </Stack>
    </Alert>
  );
}

import { can, paths, type TOrganization, useT } from '@dash/shared';
import type { TWallet, TWalletSigner } from '@dash/shared/api';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { onChain } from '../../../lib/wallet-display';
import { DeployForm } from '../../deploy/components/DeployForm';
import { RemoveSignerButton } from '../../signers/components/RemoveSignerButton';
import { SignersTable } from '../../signers/components/SignersTable';
import { ChangeSigningDeviceButton } from '../../signing-device/components/ChangeSigningDeviceButton';
import { ProvideSigningDeviceCard } from '../../signing-device/components/ProvideSigningDeviceCard';
import { SharedAddressNotice } from '../../signing-device/components/SharedAddressNotice';

interface InitializeWalletProps {
  organization: TOrganization;
  wallet: TWallet;
  currentUserUid: string;
}

/** undeployed: signers are proposed, each sets a signing device, then an Admin deploys. */
export function InitializeWallet({ organization, wallet, currentUserUid }: InitializeWalletProps) {
  const { t } = useT('wallet');
  const canManage = can(organization.role, 'wallet.manage');
  const me = wallet.signers.find((signer) => signer.uid === currentUserUid);
  const [deployRefusal, setDeployRefusal] = useState<string | null>(null);
  // A signer with a device may choose another until deploy is requested (this screen is undeployed only).
  const canChangeMine = Boolean(me?.ethAddress);
  const rowActions = (signer: TWalletSigner) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {canChangeMine && signer.uid === currentUserUid ? (
        <ChangeSigningDeviceButton organizationSlug={organization.slug} />
      ) : null}
      {canManage ? <RemoveSignerButton organizationUid={organization.uid} signer={signer} /> : null}
    </Group>
  );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('initialize.title')}
        </Title>
        <Text c="dimmed">
          {t('initialize.intro', { organization: organization.name, chain: onChain(wallet.chain, t) })}
        </Text>
      </Stack>
      {me && !me.ethAddress ? <ProvideSigningDeviceCard organizationSlug={organization.slug} /> : null}
      <SharedAddressNotice
        organizationSlug={organization.slug}
        signers={wallet.signers}
        currentUserUid={currentUserUid}
      />
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="wallet-signers-title">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h4" id="wallet-signers-title">
              {t('initialize.signers')}
            </Title>
            {canManage ? (
              <Button
                component={Link}
                to={paths.org.wallet.addSigner(organization.slug)}
                variant="light"
                size="xs"
              >
                {t('initialize.addSigner')}
              </Button>
            ) : null}
          </Group>
          <SignersTable
            signers={wallet.signers}
            currentUserUid={currentUserUid}
            actions={canManage || canChangeMine ? rowActions : undefined}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="wallet-deploy-title">
        <Stack gap="sm">
          <Title order={3} size="h4" id="wallet-deploy-title">
            {t('initialize.deploy')}
          </Title>
          {canManage ? (
            <DeployForm
              key={wallet.signers.length}
              organizationUid={organization.uid}
              wallet={wallet}
              refusal={deployRefusal}
              onRefusal={setDeployRefusal}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('rules.manageDenied')}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

import { useCurrentOrganization, useT } from '@dash/shared';
import type { TWallet } from '@dash/shared/api';
import { Stack, Text, Title } from '@mantine/core';
import { onChain } from '../../../lib/wallet-display';
import { SafeBalances } from '../../balances/components/SafeBalances';
import { SafeNetworks } from '../../networks/components/SafeNetworks';
import { SafeQueue } from '../../transactions/components/SafeQueue';
import { DeploymentAndSigners } from './DeploymentAndSigners';

/**
 * deployed: the networks it is on (and may go to next), what it holds on each, its transactions,
 * and its address, quorum and signers (nothing changes any more).
 */
export function WalletReady({ wallet, currentUserUid }: { wallet: TWallet; currentUserUid: string }) {
  const { t } = useT('wallet');
  const organization = useCurrentOrganization();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('ready.title')}
        </Title>
        <Text c="dimmed">{t('ready.text', { chain: onChain(wallet.chain, t) })}</Text>
      </Stack>
      <SafeNetworks organization={organization} wallet={wallet} />
      <SafeBalances organizationUid={organization.uid} wallet={wallet} />
      <SafeQueue organizationUid={organization.uid} wallet={wallet} currentUserUid={currentUserUid} />
      <DeploymentAndSigners wallet={wallet} currentUserUid={currentUserUid} />
    </Stack>
  );
}

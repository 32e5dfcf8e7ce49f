import type { TWallet } from '@dash/shared';
import { Stack, Text, Title } from '@mantine/core';
import { onChain } from '../../../lib/wallet-display';
import { DeploymentAndSigners } from './DeploymentAndSigners';

/** deployed: the Safe's address, quorum and signers; nothing changes any more. */
export function WalletReady({ wallet, currentUserUid }: { wallet: TWallet; currentUserUid: string }) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          Your Wallet is Ready
        </Title>
        <Text c="dimmed">The multi-signature wallet is deployed {onChain(wallet.chain)}.</Text>
      </Stack>
      <DeploymentAndSigners wallet={wallet} currentUserUid={currentUserUid} />
    </Stack>
  );
}

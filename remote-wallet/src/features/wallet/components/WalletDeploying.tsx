import { type TWallet, WALLET_DEPLOY_SUPPORT_HINT_MS } from '@dash/shared';
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { onChain } from '../../../lib/wallet-display';
import { DeploymentAndSigners } from './DeploymentAndSigners';

/** True once the deployment was requested more than 10 minutes ago (checked every 30 s). */
function useTakingLong(requestedAt: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return requestedAt !== undefined && now - Date.parse(requestedAt) > WALLET_DEPLOY_SUPPORT_HINT_MS;
}

/** deploying: the page polls (every 5 s) until the job has deployed the Safe or failed. */
export function WalletDeploying({ wallet, currentUserUid }: { wallet: TWallet; currentUserUid: string }) {
  const takingLong = useTakingLong(wallet.deployment?.requestedAt);
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Loader size="sm" aria-label="Deploying" />
        <Title order={2} size="h3">
          Wallet Deploying
        </Title>
      </Group>
      <Text c="dimmed">
        The wallet provider is deploying the wallet {onChain(wallet.chain)}.{' '}
        {wallet.deployment?.txHash
          ? 'The transaction was sent; waiting for it to be confirmed.'
          : 'Sending the transaction.'}{' '}
        If it takes more than 10 minutes, please contact support.
      </Text>
      {takingLong ? (
        <Alert color="yellow" variant="light" title="This is taking more than 10 minutes">
          Please contact support with your organization's name and the address below.
        </Alert>
      ) : null}
      <DeploymentAndSigners wallet={wallet} currentUserUid={currentUserUid} />
    </Stack>
  );
}

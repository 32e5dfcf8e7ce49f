import { useT } from '@dash/shared';
import { type TWallet, WALLET_DEPLOY_SUPPORT_HINT_MS } from '@dash/shared/api';
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
  const { t } = useT('wallet');
  const takingLong = useTakingLong(wallet.deployment?.requestedAt);
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Loader size="sm" aria-label={t('deploying.loader')} />
        <Title order={2} size="h3">
          {t('deploying.title')}
        </Title>
      </Group>
      <Text c="dimmed">
        {t('deploying.deploying', { chain: onChain(wallet.chain, t) })}{' '}
        {wallet.deployment?.txHash ? t('deploying.txSent') : t('deploying.sending')}{' '}
        {t('deploying.contactSupport')}
      </Text>
      {takingLong ? (
        <Alert color="yellow" variant="light" title={t('deploying.takingLongTitle')}>
          {t('deploying.takingLongText')}
        </Alert>
      ) : null}
      <DeploymentAndSigners wallet={wallet} currentUserUid={currentUserUid} />
    </Stack>
  );
}

import { can, notifyError, type TOrganization, useT } from '@dash/shared';
import type { TWallet, TWalletDeployment } from '@dash/shared/api';
import { Alert, Button, Code, Stack, Text, Title } from '@mantine/core';
import { useRetryWalletDeploymentMutation } from '../api/retry-wallet-deployment';
import { DeploymentAndSigners } from './DeploymentAndSigners';

interface WalletFailedProps {
  organization: TOrganization;
  wallet: TWallet;
  currentUserUid: string;
}

/** failed: why, and (Admins) Retry with the same signers and quorum, hence the same address. */
export function WalletFailed({ organization, wallet, currentUserUid }: WalletFailedProps) {
  const { t } = useT('wallet');
  const retry = useRetryWalletDeploymentMutation(organization.uid);
  const canManage = can(organization.role, 'wallet.manage');
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {t('failed.title')}
      </Title>
      <Alert color="red" variant="light" title={t('failed.alertTitle')}>
        <Stack gap="sm" align="flex-start">
          <FailureReason deployment={wallet.deployment} />
          {canManage ? (
            <>
              <Text size="sm">{t('failed.retryExplained')}</Text>
              <Button
                color="red"
                variant="light"
                loading={retry.isPending}
                // On success the wallet is deploying again and the page shows it.
                onClick={() => retry.mutate(undefined, { onError: notifyError })}
              >
                {t('failed.retry')}
              </Button>
            </>
          ) : (
            <Text size="sm">{t('failed.adminCanRetry', { organization: organization.name })}</Text>
          )}
        </Stack>
      </Alert>
      <DeploymentAndSigners wallet={wallet} currentUserUid={currentUserUid} />
    </Stack>
  );
}

/**
 * Why it failed in the reader's language (by the API's reason code), with the chain's own words
 * (English) below as the detail support asks for.
 */
export function FailureReason({ deployment }: { deployment: TWalletDeployment | undefined }) {
  const { t } = useT('wallet');
  if (!deployment?.error) return <Text size="sm">{t('failed.noReason')}</Text>;
  if (!deployment.errorCode) return <Text size="sm">{deployment.error}</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm">{t(`failed.reasons.${deployment.errorCode}`)}</Text>
      <Text size="xs" c="dimmed">
        {t('failed.detail')} <Code style={{ wordBreak: 'break-word' }}>{deployment.error}</Code>
      </Text>
    </Stack>
  );
}

import {
  can,
  notifyError,
  type TOrganization,
  type TWallet,
  useRetryWalletDeploymentMutation,
} from '@dash/shared';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { DeploymentAndSigners } from './DeploymentAndSigners';

interface WalletFailedProps {
  organization: TOrganization;
  wallet: TWallet;
  currentUserUid: string;
}

/** failed: why, and (Admins) Retry with the same signers and quorum, hence the same address. */
export function WalletFailed({ organization, wallet, currentUserUid }: WalletFailedProps) {
  const retry = useRetryWalletDeploymentMutation(organization.uid);
  const canManage = can(organization.role, 'wallet.manage');
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        Wallet Deployment Failed
      </Title>
      <Alert color="red" variant="light" title="The wallet could not be deployed">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{wallet.deployment?.error ?? 'The deployment failed without a reason.'}</Text>
          {canManage ? (
            <>
              <Text size="sm">
                Retrying deploys the same configuration, so the wallet keeps the address below.
              </Text>
              <Button
                color="red"
                variant="light"
                loading={retry.isPending}
                // On success the wallet is deploying again and the page shows it.
                onClick={() => retry.mutate(undefined, { onError: notifyError })}
              >
                Retry
              </Button>
            </>
          ) : (
            <Text size="sm">An Admin of {organization.name} can retry the deployment.</Text>
          )}
        </Stack>
      </Alert>
      <DeploymentAndSigners wallet={wallet} currentUserUid={currentUserUid} />
    </Stack>
  );
}

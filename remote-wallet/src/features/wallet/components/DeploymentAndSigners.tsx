import { useT } from '@dash/shared';
import type { TWallet } from '@dash/shared/api';
import { Stack, Title } from '@mantine/core';
import { SignersTable } from '../../signers/components/SignersTable';
import { DeploymentDetails } from './DeploymentDetails';

/** What every requested wallet shows under its state: the deployment's details and its signers. */
export function DeploymentAndSigners({
  wallet,
  currentUserUid,
}: {
  wallet: TWallet;
  currentUserUid: string;
}) {
  const { t } = useT('wallet');
  return (
    <>
      <DeploymentDetails wallet={wallet} />
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('details.signers')}
        </Title>
        <SignersTable signers={wallet.signers} currentUserUid={currentUserUid} />
      </Stack>
    </>
  );
}

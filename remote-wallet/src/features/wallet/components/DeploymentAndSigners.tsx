import type { TWallet } from '@dash/shared';
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
  return (
    <>
      <DeploymentDetails wallet={wallet} />
      <Stack gap="xs">
        <Title order={3} size="h4">
          Signers
        </Title>
        <SignersTable signers={wallet.signers} currentUserUid={currentUserUid} />
      </Stack>
    </>
  );
}

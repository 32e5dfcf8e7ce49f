import {
  can,
  PageSkeleton,
  PERMISSION_DENIED_MESSAGE,
  paths,
  useCurrentOrganization,
  useOrganizationUsersQuery,
  useWalletQuery,
  WALLET_LOCKED_MESSAGE,
} from '@dash/shared';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed';
import { useQueryErrorToast } from '../../../hooks/useQueryErrorToast';
import { AddSignerForm } from '../components/AddSignerForm';

/** /wallet/add-signer: an Admin proposes an organization user who is not a signer yet. */
export function AddSignerPage() {
  const organization = useCurrentOrganization();
  const canManage = can(organization.role, 'wallet.manage');
  const wallet = useWalletQuery(organization.uid);
  const users = useOrganizationUsersQuery(organization.uid);
  useQueryErrorToast(wallet);
  useQueryErrorToast(users);

  let content: ReactNode;
  if (!canManage) content = <Alert color="gray">{PERMISSION_DENIED_MESSAGE['wallet.manage']}</Alert>;
  else if (wallet.isPending || users.isPending) content = <PageSkeleton rows={2} label="Loading users" />;
  else if (wallet.isError) content = <LoadFailed error={wallet.error} onRetry={() => wallet.refetch()} />;
  else if (users.isError) content = <LoadFailed error={users.error} onRetry={() => users.refetch()} />;
  else if (wallet.data.status !== 'undeployed') content = <Alert color="gray">{WALLET_LOCKED_MESSAGE}</Alert>;
  else {
    const signerUids = new Set(wallet.data.signers.map((signer) => signer.uid));
    const candidates = users.data.filter((user) => !signerUids.has(user.uid));
    if (candidates.length > 0) {
      return (
        <Page>
          <AddSignerForm organization={organization} candidates={candidates} />
        </Page>
      );
    }
    content = (
      <Stack gap="xs" align="flex-start">
        <Text>Every user of {organization.name} is already a signer.</Text>
        <Anchor component={Link} to={paths.org.invite(organization.slug)}>
          Invite people
        </Anchor>
      </Stack>
    );
  }

  return (
    <Page>
      {content}
      <Anchor component={Link} to={paths.org.wallet.root(organization.slug)} size="sm">
        Back to wallet
      </Anchor>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md" maw={520}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Add Wallet Signer
        </Title>
        <Text c="dimmed">
          Choose a user of the organization. They become Ready once they set one of their signing devices.
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}

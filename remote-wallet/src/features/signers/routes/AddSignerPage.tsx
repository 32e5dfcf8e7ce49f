import {
  can,
  LoadFailed,
  PageSkeleton,
  PERMISSION_DENIED_MESSAGE,
  paths,
  useCurrentOrganization,
  useOrganizationUsersQuery,
  useWalletQuery,
  WALLET_LOCKED_MESSAGE,
} from '@dash/shared';
import { Alert, Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { WalletSubpage } from '../../../components/WalletSubpage';
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

  // A failed background refetch keeps what was loaded on screen (the toast tells).
  let content: ReactNode;
  if (!canManage) content = <Alert color="gray">{PERMISSION_DENIED_MESSAGE['wallet.manage']}</Alert>;
  else if (wallet.data && users.data) {
    if (wallet.data.status !== 'undeployed') content = <Alert color="gray">{WALLET_LOCKED_MESSAGE}</Alert>;
    else
      return (
        <Page>
          <AddSignerForm
            organization={organization}
            users={users.data}
            signerUids={wallet.data.signers.map((signer) => signer.uid)}
          />
        </Page>
      );
  } else if (wallet.isError) content = <LoadFailed error={wallet.error} onRetry={() => wallet.refetch()} />;
  else if (users.isError) content = <LoadFailed error={users.error} onRetry={() => users.refetch()} />;
  else content = <PageSkeleton rows={2} label="Loading users" />;

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
    <WalletSubpage
      title="Add Wallet Signer"
      description="Choose a user of the organization. They become Ready once they set one of their signing devices."
    >
      {children}
    </WalletSubpage>
  );
}

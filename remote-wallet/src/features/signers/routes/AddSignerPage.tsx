import { can, LoadFailed, PageSkeleton, paths, useCurrentOrganization, useT } from '@dash/shared';
import { useOrganizationUsersQuery } from '@dash/shared/api';
import { Alert, Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WalletSubpage } from '../../../components/WalletSubpage';
import { useQueryErrorToast } from '../../../hooks/useQueryErrorToast';
import { useWalletQuery } from '../../wallet/api/get-wallet';
import { AddSignerForm } from '../components/AddSignerForm';

/** /wallet/add-signer: an Admin proposes an organization user who is not a signer yet. */
export default function AddSignerPage() {
  const { t } = useT('wallet');
  const organization = useCurrentOrganization();
  const canManage = can(organization.role, 'wallet.manage');
  const wallet = useWalletQuery(organization.uid);
  const users = useOrganizationUsersQuery(organization.uid);
  useQueryErrorToast(wallet);
  useQueryErrorToast(users);

  // A failed background refetch keeps what was loaded on screen (the toast tells).
  let content: ReactNode;
  if (!canManage) content = <Alert color="gray">{t('rules.manageDenied')}</Alert>;
  else if (wallet.data && users.data) {
    if (wallet.data.status !== 'undeployed') content = <Alert color="gray">{t('rules.locked')}</Alert>;
    else
      return (
        <Page>
          <AddSignerForm
            organization={organization}
            users={users.data}
            signerUids={wallet.data.signers.flatMap((signer) => (signer.uid ? [signer.uid] : []))}
          />
        </Page>
      );
  } else if (wallet.isError) content = <LoadFailed error={wallet.error} onRetry={() => wallet.refetch()} />;
  else if (users.isError) content = <LoadFailed error={users.error} onRetry={() => users.refetch()} />;
  else content = <PageSkeleton rows={2} label={t('addSigner.loading')} />;

  return (
    <Page>
      {content}
      <Anchor component={Link} to={paths.org.wallet.root(organization.slug)} size="sm">
        {t('page.backToWallet')}
      </Anchor>
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  const { t } = useT('wallet');
  return (
    <WalletSubpage title={t('addSigner.title')} description={t('addSigner.description')}>
      {children}
    </WalletSubpage>
  );
}

import { LoadFailed, PageHeader, PageSkeleton, useCurrentOrganization, useSession, useT } from '@dash/shared';
import type { TWallet } from '@dash/shared/api';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQueryErrorToast } from '../../../hooks/useQueryErrorToast';
import { useWalletQuery } from '../api/get-wallet';
import { InitializeWallet } from '../components/InitializeWallet';
import { WalletDeploying } from '../components/WalletDeploying';
import { WalletFailed } from '../components/WalletFailed';
import { WalletReady } from '../components/WalletReady';

/** /org/{org}/wallet: one screen per wallet status (spec section 2). */
export function WalletPage() {
  const { t } = useT('wallet');
  const organization = useCurrentOrganization();
  const { user } = useSession();
  const wallet = useWalletQuery(organization.uid);
  useQueryErrorToast(wallet);

  let content: ReactNode;
  // A failed poll keeps the last answer on screen (the toast tells); only a first load that failed replaces it.
  if (wallet.data) content = <WalletByStatus wallet={wallet.data} currentUserUid={user.uid} />;
  else if (wallet.isError) content = <LoadFailed error={wallet.error} onRetry={() => wallet.refetch()} />;
  else content = <PageSkeleton rows={4} label={t('page.loading')} />;

  return (
    <Stack gap="md">
      <PageHeader title={t('page.title')} />
      {content}
    </Stack>
  );
}

function WalletByStatus({ wallet, currentUserUid }: { wallet: TWallet; currentUserUid: string }) {
  const organization = useCurrentOrganization();
  switch (wallet.status) {
    case 'undeployed':
      return <InitializeWallet organization={organization} wallet={wallet} currentUserUid={currentUserUid} />;
    case 'deploying':
      return <WalletDeploying wallet={wallet} currentUserUid={currentUserUid} />;
    case 'failed':
      return <WalletFailed organization={organization} wallet={wallet} currentUserUid={currentUserUid} />;
    default:
      return <WalletReady wallet={wallet} currentUserUid={currentUserUid} />;
  }
}

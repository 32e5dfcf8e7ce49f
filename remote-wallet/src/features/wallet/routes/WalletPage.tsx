import { PageSkeleton, useCurrentOrganization, useSession, useWalletQuery } from '@dash/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { useQueryErrorToast } from '../../../hooks/useQueryErrorToast';
import { InitializeWallet } from '../components/InitializeWallet';
import { WalletDeploying } from '../components/WalletDeploying';
import { WalletFailed } from '../components/WalletFailed';
import { WalletReady } from '../components/WalletReady';

/** /org/{org}/wallet: one screen per wallet status (spec section 2). */
export function WalletPage() {
  const organization = useCurrentOrganization();
  const { user } = useSession();
  const wallet = useWalletQuery(organization.uid);
  useQueryErrorToast(wallet);

  // A failed poll keeps the last answer on screen (the toast tells); only a first load that failed replaces it.
  if (wallet.data === undefined) {
    if (wallet.isError) return <LoadFailed error={wallet.error} onRetry={() => wallet.refetch()} />;
    return <PageSkeleton rows={4} label="Loading wallet" />;
  }
  switch (wallet.data.status) {
    case 'undeployed':
      return <InitializeWallet organization={organization} wallet={wallet.data} currentUserUid={user.uid} />;
    case 'deploying':
      return <WalletDeploying wallet={wallet.data} currentUserUid={user.uid} />;
    case 'failed':
      return <WalletFailed organization={organization} wallet={wallet.data} currentUserUid={user.uid} />;
    default:
      return <WalletReady wallet={wallet.data} currentUserUid={user.uid} />;
  }
}

import { apiRequest } from '@dash/shared';
import { type TWallet, ZWalletResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletQueryOptions } from './get-wallet';

/** POST wallet/deploy/retry (Admins, failed wallets): deploys again with the stored configuration. */
export async function retryWalletDeployment(organizationUid: string): Promise<TWallet> {
  const answer = await apiRequest({
    path: 'wallet/deploy/retry',
    method: 'POST',
    organizationUid,
    response: ZWalletResponse,
    failure: 'catalogue.requestWalletDeployment',
  });
  return answer.data;
}

export function useRetryWalletDeploymentMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryWalletDeployment(organizationUid),
    onSuccess: (wallet) => queryClient.setQueryData(walletQueryOptions(organizationUid).queryKey, wallet),
    // Refused or not, the page catches up with the wallet (another Admin may have acted meanwhile).
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: walletQueryOptions(organizationUid).queryKey }),
  });
}

import { apiRequest } from '@dash/shared';
import { type TDeployWalletRequest, type TWallet, ZWalletResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletQueryOptions } from '../../wallet/api/get-wallet';

/** POST wallet/deploy (Admins): the wallet moves to deploying; the deployment runs as a job. */
export async function deployWallet(organizationUid: string, body: TDeployWalletRequest): Promise<TWallet> {
  const answer = await apiRequest({
    path: 'wallet/deploy',
    method: 'POST',
    organizationUid,
    body,
    response: ZWalletResponse,
    failure: 'catalogue.requestWalletDeployment',
  });
  return answer.data;
}

/** The answer (deploying) shows at once; the wallet query then polls until the job ends. */
export function useDeployWalletMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDeployWalletRequest) => deployWallet(organizationUid, body),
    onSuccess: (wallet) => queryClient.setQueryData(walletQueryOptions(organizationUid).queryKey, wallet),
    // Refused or not, the page catches up with the wallet (another Admin may have acted meanwhile).
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: walletQueryOptions(organizationUid).queryKey }),
  });
}

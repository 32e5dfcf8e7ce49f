import { apiRequest } from '@dash/shared';
import { type TProposeWalletSignerRequest, type TWallet, ZWalletResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletQueryOptions } from '../../wallet/api/get-wallet';

/** POST wallet/signer/propose (Admins): an organization user becomes a Pending signer. */
export async function proposeWalletSigner(
  organizationUid: string,
  body: TProposeWalletSignerRequest,
): Promise<TWallet> {
  const answer = await apiRequest({
    path: 'wallet/signer/propose',
    method: 'POST',
    organizationUid,
    body,
    response: ZWalletResponse,
    failure: 'catalogue.proposeWalletSigner',
  });
  return answer.data;
}

export function useProposeWalletSignerMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TProposeWalletSignerRequest) => proposeWalletSigner(organizationUid, body),
    onSuccess: (wallet) => queryClient.setQueryData(walletQueryOptions(organizationUid).queryKey, wallet),
    // Refused or not, the page catches up with the wallet (another Admin may have acted meanwhile).
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: walletQueryOptions(organizationUid).queryKey }),
  });
}

import { apiRequest } from '@dash/shared';
import { IDEMPOTENCY_KEY_HEADER, type TNetworkId, type TWallet, ZWalletResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletQueryOptions } from '../../wallet/api/get-wallet';

/**
 * POST wallet/deployments (Admins, once deployed on its first network): the Safe on another
 * network at the same address, or a failed one there again. One Idempotency-Key per intent.
 */
export async function deployWalletNetwork(
  organizationUid: string,
  network: TNetworkId,
  idempotencyKey: string,
): Promise<TWallet> {
  const answer = await apiRequest({
    path: 'wallet/deployments',
    method: 'POST',
    body: { network },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    organizationUid,
    response: ZWalletResponse,
    failure: 'catalogue.requestWalletDeployment',
  });
  return answer.data;
}

export function useDeployWalletNetworkMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ network, idempotencyKey }: { network: TNetworkId; idempotencyKey: string }) =>
      deployWalletNetwork(organizationUid, network, idempotencyKey),
    onSuccess: (wallet) => queryClient.setQueryData(walletQueryOptions(organizationUid).queryKey, wallet),
    // Refused or not, the page catches up with the wallet (another Admin may have acted meanwhile).
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: walletQueryOptions(organizationUid).queryKey }),
  });
}

import { apiRequest } from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletQueryOptions } from '../../wallet/api/get-wallet';

/** DELETE wallet/signer/{userUid} (Admins, before deployment): withdraws a proposed signer. */
export async function removeWalletSigner(organizationUid: string, userUid: string): Promise<void> {
  await apiRequest({
    path: `wallet/signer/${encodeURIComponent(userUid)}`,
    method: 'DELETE',
    organizationUid,
    response: null,
    failure: 'catalogue.removeWalletSigner',
  });
}

export function useRemoveWalletSignerMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userUid: string) => removeWalletSigner(organizationUid, userUid),
    // Refused or not, the table catches up with the wallet.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: walletQueryOptions(organizationUid).queryKey }),
  });
}

import { apiRequest } from '@dash/shared';
import { registeredWalletsQueryOptions } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE rails/blockchain-wallets/{walletUid}. */
export async function deleteRegisteredWallet(organizationUid: string, walletUid: string): Promise<void> {
  await apiRequest({
    path: `rails/blockchain-wallets/${encodeURIComponent(walletUid)}`,
    method: 'DELETE',
    organizationUid,
    response: null,
    failure: 'catalogue.deleteRegisteredWallet',
  });
}

export function useDeleteRegisteredWalletMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (walletUid: string) => deleteRegisteredWallet(organizationUid, walletUid),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: registeredWalletsQueryOptions(organizationUid).queryKey }),
  });
}

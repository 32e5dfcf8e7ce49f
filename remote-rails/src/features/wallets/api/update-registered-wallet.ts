import { apiRequest } from '@dash/shared';
import {
  registeredWalletsQueryOptions,
  type TRegisteredWallet,
  type TUpdateCounterpartyRequest,
  ZRegisteredWalletResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PATCH rails/blockchain-wallets/{walletUid}: a new name and remark. */
export async function updateRegisteredWallet(
  organizationUid: string,
  walletUid: string,
  body: TUpdateCounterpartyRequest,
): Promise<TRegisteredWallet> {
  const answer = await apiRequest({
    path: `rails/blockchain-wallets/${encodeURIComponent(walletUid)}`,
    method: 'PATCH',
    body,
    organizationUid,
    response: ZRegisteredWalletResponse,
    failure: 'catalogue.updateRegisteredWallet',
  });
  return answer.data;
}

export function useUpdateRegisteredWalletMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ walletUid, ...body }: { walletUid: string } & TUpdateCounterpartyRequest) =>
      updateRegisteredWallet(organizationUid, walletUid, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: registeredWalletsQueryOptions(organizationUid).queryKey }),
  });
}

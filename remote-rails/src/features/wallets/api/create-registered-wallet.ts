import { apiRequest } from '@dash/shared';
import {
  registeredWalletsQueryOptions,
  type TRegisteredWallet,
  ZRegisteredWalletResponse,
} from '@dash/shared/api';
import type { TCreateRegisteredWalletRequest } from '@dash/shared/counterparty-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST rails/blockchain-wallets: an EVM address is stored in its EIP-55 checksum form. */
export async function createRegisteredWallet(
  organizationUid: string,
  body: TCreateRegisteredWalletRequest,
): Promise<TRegisteredWallet> {
  const answer = await apiRequest({
    path: 'rails/blockchain-wallets',
    method: 'POST',
    body,
    organizationUid,
    response: ZRegisteredWalletResponse,
    failure: 'catalogue.createRegisteredWallet',
  });
  return answer.data;
}

export function useCreateRegisteredWalletMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateRegisteredWalletRequest) => createRegisteredWallet(organizationUid, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: registeredWalletsQueryOptions(organizationUid).queryKey }),
  });
}

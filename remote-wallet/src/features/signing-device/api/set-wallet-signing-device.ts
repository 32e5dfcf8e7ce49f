import { apiRequest } from '@dash/shared';
import { type TSetWalletSigningDeviceRequest, type TWallet, ZWalletResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletQueryOptions } from '../../wallet/api/get-wallet';

/** POST wallet/signer/signing-device: the signed-in signer signs with one of their own devices. */
export async function setWalletSigningDevice(
  organizationUid: string,
  body: TSetWalletSigningDeviceRequest,
): Promise<TWallet> {
  const answer = await apiRequest({
    path: 'wallet/signer/signing-device',
    method: 'POST',
    organizationUid,
    body,
    response: ZWalletResponse,
    failure: 'catalogue.setWalletSigningDevice',
  });
  return answer.data;
}

export function useSetWalletSigningDeviceMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSetWalletSigningDeviceRequest) => setWalletSigningDevice(organizationUid, body),
    onSuccess: (wallet) => queryClient.setQueryData(walletQueryOptions(organizationUid).queryKey, wallet),
    // Refused or not, the page catches up with the wallet (another Admin may have acted meanwhile).
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: walletQueryOptions(organizationUid).queryKey }),
  });
}

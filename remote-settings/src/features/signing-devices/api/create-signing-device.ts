import { apiRequest, type BrowserWallet, ERROR_MESSAGES } from '@dash/shared';
import {
  signingDevicesQueryOptions,
  type TCreateSigningDeviceRequest,
  type TSigningDevice,
  ZEthAddress,
  ZSigningDeviceResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proveKey } from './prove-signing-device';

/** POST profile/signing-devices: the address is stored in its EIP-55 checksum form. */
export async function createSigningDevice(body: TCreateSigningDeviceRequest): Promise<TSigningDevice> {
  const answer = await apiRequest({
    path: 'profile/signing-devices',
    method: 'POST',
    body,
    response: ZSigningDeviceResponse,
    failure: ERROR_MESSAGES.createSigningDevice,
  });
  return answer.data;
}

/** With a wallet, the device is proved (challenge, personal_sign) and stored verified; without, unverified. */
export function useCreateSigningDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      wallet,
      ...body
    }: TCreateSigningDeviceRequest & { wallet: BrowserWallet | null }) => {
      const ethAddress = ZEthAddress.parse(body.ethAddress);
      const proof = wallet ? await proveKey(wallet.provider, ethAddress) : undefined;
      return createSigningDevice({ ...body, ethAddress, ...(proof ? { proof } : {}) });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingDevicesQueryOptions().queryKey }),
  });
}

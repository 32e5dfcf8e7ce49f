import { apiRequest, type BrowserWallet } from '@dash/shared';
import {
  signingDevicesQueryOptions,
  type TCreateSigningDeviceRequest,
  type TSigningDevice,
  type TSigningDeviceProof,
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
    failure: 'catalogue.createSigningDevice',
  });
  return answer.data;
}

/**
 * The device is stored with its proof: the browser's wallet signs a challenge (personal_sign), or,
 * for a key the browser cannot reach (a hardware wallet's typed address), the signature made there.
 */
export function useCreateSigningDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      name,
      ethAddress: typed,
      proveWith,
    }: Omit<TCreateSigningDeviceRequest, 'proof'> & {
      proveWith: { wallet: BrowserWallet } | { signed: TSigningDeviceProof };
    }) => {
      const ethAddress = ZEthAddress.parse(typed);
      const proof =
        'wallet' in proveWith ? await proveKey(proveWith.wallet.provider, ethAddress) : proveWith.signed;
      return createSigningDevice({ name, ethAddress, proof });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingDevicesQueryOptions().queryKey }),
  });
}

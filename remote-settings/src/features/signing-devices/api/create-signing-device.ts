import { apiRequest, ERROR_MESSAGES } from '@dash/shared';
import {
  signingDevicesQueryOptions,
  type TCreateSigningDeviceRequest,
  type TSigningDevice,
  ZSigningDeviceResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

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

export function useCreateSigningDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSigningDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingDevicesQueryOptions().queryKey }),
  });
}

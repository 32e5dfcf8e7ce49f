import { apiRequest, type Eip1193Provider, personalSign } from '@dash/shared';
import {
  signingDevicesQueryOptions,
  type TSigningDevice,
  type TSigningDeviceChallenge,
  type TSigningDeviceProof,
  ZSigningDeviceChallengeResponse,
  ZSigningDeviceResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST profile/signing-devices/challenges: the one-time text `ethAddress`'s key signs (personal_sign). */
export async function requestChallenge(ethAddress: string): Promise<TSigningDeviceChallenge> {
  const answer = await apiRequest({
    path: 'profile/signing-devices/challenges',
    method: 'POST',
    body: { ethAddress },
    response: ZSigningDeviceChallengeResponse,
    failure: 'catalogue.createSigningDevice',
  });
  return answer.data;
}

/** A proof that the browser's wallet holds `ethAddress`'s key: a challenge it signs with personal_sign. */
export async function proveKey(provider: Eip1193Provider, ethAddress: string): Promise<TSigningDeviceProof> {
  const challenge = await requestChallenge(ethAddress);
  const signature = await personalSign(provider, ethAddress, challenge.message);
  return { challengeUid: challenge.uid, signature };
}

/** POST profile/signing-devices/{uid}/verification: a device registered before proofs, proved now. */
export async function verifySigningDevice(
  device: TSigningDevice,
  provider: Eip1193Provider,
): Promise<TSigningDevice> {
  const proof = await proveKey(provider, device.ethAddress);
  const answer = await apiRequest({
    path: `profile/signing-devices/${encodeURIComponent(device.uid)}/verification`,
    method: 'POST',
    body: proof,
    response: ZSigningDeviceResponse,
    failure: 'catalogue.createSigningDevice',
  });
  return answer.data;
}

export function useVerifySigningDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ device, provider }: { device: TSigningDevice; provider: Eip1193Provider }) =>
      verifySigningDevice(device, provider),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingDevicesQueryOptions().queryKey }),
  });
}

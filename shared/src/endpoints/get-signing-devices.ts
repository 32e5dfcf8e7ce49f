import { apiRequest } from '@dash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TSigningDevice, ZSigningDevicesResponse } from '../contracts/signing-devices';

/** GET profile/signing-devices: the signed-in user's devices. */
export async function getSigningDevices(signal?: AbortSignal): Promise<TSigningDevice[]> {
  const answer = await apiRequest({
    path: 'profile/signing-devices',
    response: ZSigningDevicesResponse,
    failure: 'catalogue.fetchSigningDevices',
    signal,
  });
  return answer.data;
}

/** Does not refetch on window focus (spec section 7). */
export const signingDevicesQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'signing-devices'] as const,
    queryFn: ({ signal }) => getSigningDevices(signal),
    refetchOnWindowFocus: false,
  });

export const useSigningDevicesQuery = () => useQuery(signingDevicesQueryOptions());

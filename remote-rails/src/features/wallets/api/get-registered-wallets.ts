import { apiRequest, ERROR_MESSAGES } from '@dash/shared';
import { type TRegisteredWallet, ZRegisteredWalletsResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET rails/blockchain-wallets: the organization's registered wallets (approved organizations only). */
export async function getRegisteredWallets(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TRegisteredWallet[]> {
  const answer = await apiRequest({
    path: 'rails/blockchain-wallets',
    organizationUid,
    response: ZRegisteredWalletsResponse,
    failure: ERROR_MESSAGES.fetchRegisteredWallets,
    signal,
  });
  return answer.data;
}

export const registeredWalletsQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'registered-wallets'] as const,
    queryFn: ({ signal }) => getRegisteredWallets(organizationUid, signal),
  });

export const useRegisteredWalletsQuery = (organizationUid: string) =>
  useQuery(registeredWalletsQueryOptions(organizationUid));

import { apiRequest } from '@dash/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TRegisteredWallet, ZRegisteredWalletsResponse } from '../contracts/counterparties';

/**
 * GET rails/blockchain-wallets: the organization's registered wallets (approved organizations only).
 * Used by remote-rails (the registry, ramps, deposits) and remote-wallet (the recipients a transfer
 * from the Safe may have), under one cache key.
 */
export async function getRegisteredWallets(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TRegisteredWallet[]> {
  const answer = await apiRequest({
    path: 'rails/blockchain-wallets',
    organizationUid,
    response: ZRegisteredWalletsResponse,
    failure: 'catalogue.fetchRegisteredWallets',
    signal,
  });
  return answer.data;
}

export const registeredWalletsQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'registered-wallets'] as const,
    queryFn: ({ signal }) => getRegisteredWallets(organizationUid, signal),
  });

/** Read only when `enabled` (a page that will not use it, such as a Viewer's, asks nothing). */
export const useRegisteredWalletsQuery = (organizationUid: string, enabled = true) =>
  useQuery({ ...registeredWalletsQueryOptions(organizationUid), enabled });

import { apiRequest, ERROR_MESSAGES } from '@dash/shared';
import { type TRegisteredWallet, ZRegisteredWalletsResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET rails/blockchain-wallets: the organization's registered wallets, the recipients a transfer from
 * the Safe may have. remote-rails reads the same list under the same key (an app's calls are its own:
 * the two cannot share code, and share the cache).
 */
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

/** Read only when `enabled` (a Viewer, who proposes nothing, has no use for it). */
export const useRegisteredWalletsQuery = (organizationUid: string, enabled = true) =>
  useQuery({ ...registeredWalletsQueryOptions(organizationUid), enabled });

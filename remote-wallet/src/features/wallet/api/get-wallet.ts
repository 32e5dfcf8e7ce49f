import { apiRequest } from '@dash/shared';
import { type TWallet, WALLET_POLL_INTERVAL_MS, ZWalletResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET wallet: the organization's wallet, its signers and, once requested, its deployment. */
export async function getWallet(organizationUid: string, signal?: AbortSignal): Promise<TWallet> {
  const answer = await apiRequest({
    path: 'wallet',
    organizationUid,
    response: ZWalletResponse,
    failure: 'catalogue.fetchWallet',
    signal,
  });
  return answer.data;
}

/** 5 s while the wallet is deploying on any network; no polling otherwise. */
export function walletPollInterval(wallet: TWallet | undefined): number | false {
  const deploying =
    wallet?.status === 'deploying' || wallet?.networks?.some((network) => network.status === 'deploying');
  return deploying ? WALLET_POLL_INTERVAL_MS : false;
}

/**
 * Polled every 5 s only while the wallet is deploying; polling stops once it is not (spec section 4).
 * Every return to the window refetches, whatever the cache's age, since a signer may have acted.
 */
export const walletQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'wallet'] as const,
    queryFn: ({ signal }) => getWallet(organizationUid, signal),
    refetchInterval: (query) => walletPollInterval(query.state.data),
    refetchOnWindowFocus: 'always',
  });

export const useWalletQuery = (organizationUid: string) => useQuery(walletQueryOptions(organizationUid));

import { apiRequest } from '@dash/shared';
import { type TSafeTransaction, ZSafeTransactionResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { safeTransactionKey, useSafeTransactionEvents } from './safe-transactions';

/** GET wallet/transactions/{safeTxHash}: one transaction, with its confirmations and hashes. */
export async function getSafeTransaction(
  organizationUid: string,
  safeTxHash: string,
  signal?: AbortSignal,
): Promise<TSafeTransaction> {
  const answer = await apiRequest({
    path: `wallet/transactions/${encodeURIComponent(safeTxHash)}`,
    organizationUid,
    response: ZSafeTransactionResponse,
    failure: 'catalogue.fetchSafeTransactions',
    signal,
  });
  return answer.data;
}

export const safeTransactionQueryOptions = (organizationUid: string, safeTxHash: string) =>
  queryOptions({
    queryKey: safeTransactionKey(organizationUid, safeTxHash),
    queryFn: ({ signal }) => getSafeTransaction(organizationUid, safeTxHash, signal),
  });

/** One transaction, kept live by the event stream (an update of any of the Safe's transactions reads it again). */
export function useSafeTransactionQuery(organizationUid: string, safeTxHash: string) {
  const streamPoll = useSafeTransactionEvents(organizationUid);
  return useQuery({
    ...safeTransactionQueryOptions(organizationUid, safeTxHash),
    refetchInterval: streamPoll,
  });
}

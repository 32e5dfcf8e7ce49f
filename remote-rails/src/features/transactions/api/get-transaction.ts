import { apiRequest } from '@dash/shared';
import { type TTransferDetail, ZTransferDetailResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsKey } from './get-transactions';

/** GET rails/transactions/{transferUid}: one transaction with its timeline. */
export async function getTransaction(
  organizationUid: string,
  transferUid: string,
  signal?: AbortSignal,
): Promise<TTransferDetail> {
  const answer = await apiRequest({
    path: `rails/transactions/${encodeURIComponent(transferUid)}`,
    organizationUid,
    response: ZTransferDetailResponse,
    failure: 'catalogue.fetchTransaction',
    signal,
  });
  return answer.data;
}

export const transactionQueryOptions = (organizationUid: string, transferUid: string) =>
  queryOptions({
    queryKey: [...transactionsKey(organizationUid), 'detail', transferUid] as const,
    queryFn: ({ signal }) => getTransaction(organizationUid, transferUid, signal),
  });

export const useTransactionQuery = (
  organizationUid: string,
  transferUid: string,
  options: {
    refetchInterval?:
      | number
      | false
      | ((query: { state: { data: TTransferDetail | undefined } }) => number | false);
  } = {},
) => useQuery({ ...transactionQueryOptions(organizationUid, transferUid), ...options });

import {
  apiRequest,
  discoverBrowserWallets,
  type Eip1193Provider,
  requestWalletAccounts,
  useEventStreamPollInterval,
  useOrganizationEvents,
  withSearch,
} from '@dash/shared';
import {
  type TSafeTransaction,
  type TSafeTransactionHistory,
  type TSafeTransactions,
  ZSafeTransactionHistoryResponse,
  ZSafeTransactionResponse,
  ZSafeTransactionsResponse,
} from '@dash/shared/api';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/** Every Safe transaction query of an organization (the list and each transaction): what an update invalidates. */
export const safeTransactionsKey = (organizationUid: string) =>
  ['organization', organizationUid, 'safe-transactions'] as const;

/** One transaction's query key, under the organization's Safe transactions. */
export const safeTransactionKey = (organizationUid: string, safeTxHash: string) =>
  [...safeTransactionsKey(organizationUid), safeTxHash] as const;

/** GET wallet/transactions: the Safe's queue and the history's first page (list rows). */
export async function getSafeTransactions(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TSafeTransactions> {
  const answer = await apiRequest({
    path: 'wallet/transactions',
    organizationUid,
    response: ZSafeTransactionsResponse,
    failure: 'catalogue.fetchSafeTransactions',
    signal,
  });
  return answer.data;
}

export const safeTransactionsQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: safeTransactionsKey(organizationUid),
    queryFn: ({ signal }) => getSafeTransactions(organizationUid, signal),
  });

/** GET wallet/transactions/history?cursor: the history's page after `cursor`. */
export async function getSafeTransactionHistory(
  organizationUid: string,
  cursor: string,
  signal?: AbortSignal,
): Promise<TSafeTransactionHistory> {
  const answer = await apiRequest({
    path: withSearch('wallet/transactions/history', { cursor }),
    organizationUid,
    response: ZSafeTransactionHistoryResponse,
    failure: 'catalogue.fetchSafeTransactions',
    signal,
  });
  return answer.data;
}

/** The history's older pages, from the list's `historyCursor` on (under the list's key: invalidated with it). */
export const olderSafeHistoryQueryOptions = (organizationUid: string, firstCursor: string) =>
  infiniteQueryOptions({
    queryKey: [...safeTransactionsKey(organizationUid), 'history', firstCursor] as const,
    queryFn: ({ pageParam, signal }) => getSafeTransactionHistory(organizationUid, pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: (page: TSafeTransactionHistory) => page.historyCursor ?? undefined,
  });

/**
 * Keeps every Safe transaction query of the organization live through the one event stream: a
 * `safe_transaction.updated` (proposed, confirmed, executed, replaced) invalidates the list and each
 * transaction (one at the same nonce changes another's conflict); polled only while the stream is down.
 */
export function useSafeTransactionEvents(organizationUid: string): number | false {
  const queryClient = useQueryClient();
  const queryKey = safeTransactionsKey(organizationUid);
  useOrganizationEvents(organizationUid, {
    onEvent: (event) => {
      if (event.type === 'safe_transaction.updated') void queryClient.invalidateQueries({ queryKey });
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey }),
  });
  return useEventStreamPollInterval(organizationUid);
}

/** The queue and history, kept live by the event stream. */
export function useSafeTransactionsQuery(organizationUid: string) {
  const streamPoll = useSafeTransactionEvents(organizationUid);
  return useQuery({ ...safeTransactionsQueryOptions(organizationUid), refetchInterval: streamPoll });
}

export class NoWalletError extends Error {
  constructor(readonly address: string) {
    super(`No browser wallet offers ${address}`);
    this.name = 'NoWalletError';
  }
}

/** The browser wallet that holds `address` (EIP-6963), asked to use it. */
async function walletHolding(address: string): Promise<Eip1193Provider> {
  for (const wallet of await discoverBrowserWallets()) {
    const accounts = await requestWalletAccounts(wallet.provider).catch(() => []);
    if (accounts.some((account) => account.toLowerCase() === address.toLowerCase())) return wallet.provider;
  }
  throw new NoWalletError(address);
}

/**
 * The owner's confirmation: their browser wallet, switched to the Safe's chain first when it is on
 * another (wallet_switchEthereumChain), signs the SafeTx typed data (eth_signTypedData_v4); the API
 * takes the signature (POST wallet/transactions/{safeTxHash}/confirmations).
 */
export async function confirmSafeTransaction(
  organizationUid: string,
  transaction: TSafeTransaction,
  owner: string,
): Promise<TSafeTransaction> {
  const provider = await walletHolding(owner);
  const chainId = `0x${transaction.chainId.toString(16)}`;
  const current = await provider.request({ method: 'eth_chainId' }).catch(() => null);
  if (typeof current === 'string' && current.toLowerCase() !== chainId) {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  }
  const signature = await provider.request({
    method: 'eth_signTypedData_v4',
    params: [owner, transaction.typedData],
  });
  const answer = await apiRequest({
    path: `wallet/transactions/${transaction.safeTxHash}/confirmations`,
    method: 'POST',
    organizationUid,
    body: { signature },
    response: ZSafeTransactionResponse,
    failure: 'catalogue.confirmSafeTransaction',
  });
  return answer.data;
}

/** The answer to a change: that transaction as it is now, and every list and transaction read again. */
export function useSettleSafeTransaction(organizationUid: string) {
  const queryClient = useQueryClient();
  return (transaction: TSafeTransaction) => {
    queryClient.setQueryData(safeTransactionKey(organizationUid, transaction.safeTxHash), transaction);
    return queryClient.invalidateQueries({ queryKey: safeTransactionsKey(organizationUid) });
  };
}

export function useConfirmSafeTransactionMutation(organizationUid: string) {
  const settle = useSettleSafeTransaction(organizationUid);
  return useMutation({
    mutationFn: ({ transaction, owner }: { transaction: TSafeTransaction; owner: string }) =>
      confirmSafeTransaction(organizationUid, transaction, owner),
    onSuccess: settle,
  });
}

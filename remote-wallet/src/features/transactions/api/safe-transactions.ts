import {
  apiRequest,
  discoverBrowserWallets,
  type Eip1193Provider,
  ERROR_MESSAGES,
  requestWalletAccounts,
  useEventStreamPollInterval,
  useOrganizationEvents,
} from '@dash/shared';
import {
  type TSafeTransaction,
  type TSafeTransactions,
  ZSafeTransactionResponse,
  ZSafeTransactionsResponse,
} from '@dash/shared/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET wallet/transactions: the Safe's queue and latest history. */
export async function getSafeTransactions(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TSafeTransactions> {
  const answer = await apiRequest({
    path: 'wallet/transactions',
    organizationUid,
    response: ZSafeTransactionsResponse,
    failure: ERROR_MESSAGES.fetchSafeTransactions,
    signal,
  });
  return answer.data;
}

export const safeTransactionsQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'safe-transactions'] as const,
    queryFn: ({ signal }) => getSafeTransactions(organizationUid, signal),
  });

/** The queue, kept live by the one event stream (safe_transaction.updated); polled while it is down. */
export function useSafeTransactionsQuery(organizationUid: string) {
  const queryClient = useQueryClient();
  const { queryKey } = safeTransactionsQueryOptions(organizationUid);
  const streamPoll = useEventStreamPollInterval(organizationUid);
  useOrganizationEvents(organizationUid, {
    onEvent: (event) => {
      if (event.type === 'safe_transaction.updated')
        void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey, exact: true }),
  });
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
    failure: ERROR_MESSAGES.confirmSafeTransaction,
  });
  return answer.data;
}

export function useConfirmSafeTransactionMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transaction, owner }: { transaction: TSafeTransaction; owner: string }) =>
      confirmSafeTransaction(organizationUid, transaction, owner),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: safeTransactionsQueryOptions(organizationUid).queryKey }),
  });
}

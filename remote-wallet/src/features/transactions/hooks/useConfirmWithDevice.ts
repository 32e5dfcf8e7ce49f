import { notifySuccess, useOneAtATime, useT } from '@dash/shared';
import type { TSafeTransaction, TSafeTransactionListItem } from '@dash/shared/api';
import { useQueryClient } from '@tanstack/react-query';
import { notifyWalletError } from '../../../lib/wallet-display';
import { safeTransactionQueryOptions } from '../api/get-safe-transaction';
import { NoWalletError, useConfirmSafeTransactionMutation } from '../api/safe-transactions';

/** EIP-1193's "User Rejected Request": the wallet's user declined to sign. */
const USER_REJECTED = 4001;

/**
 * "Confirm with signing device", as the queue and the transaction's page both offer it: the owner's
 * browser wallet signs (on the Safe's chain), the API records the confirmation, and the member is
 * told in their language what happened (done, no wallet holds their device, they declined, or the
 * API's refusal). One confirmation at a time, whatever the clicks. A queue row carries no typed
 * data: the transaction is read in full (GET wallet/transactions/{safeTxHash}) before it is signed.
 */
export function useConfirmWithDevice(organizationUid: string) {
  const { t } = useT('wallet');
  const mutation = useConfirmSafeTransactionMutation(organizationUid);
  const queryClient = useQueryClient();
  const signable = (transaction: TSafeTransaction | TSafeTransactionListItem): Promise<TSafeTransaction> =>
    'typedData' in transaction
      ? Promise.resolve(transaction)
      : queryClient.fetchQuery(safeTransactionQueryOptions(organizationUid, transaction.safeTxHash));
  const once = useOneAtATime();
  const confirm = (row: TSafeTransaction | TSafeTransactionListItem, owner: string) =>
    once((done) => {
      signable(row).then(
        (transaction) =>
          mutation.mutate(
            { transaction, owner },
            {
              onSuccess: () => notifySuccess(t('queue.confirmed')),
              onError: (error) => {
                if (error instanceof NoWalletError)
                  notifyWalletError(new Error(t('queue.noWallet', { address: owner })), t);
                else if ((error as { code?: unknown }).code === USER_REJECTED)
                  notifyWalletError(new Error(t('queue.declined')), t);
                else notifyWalletError(error, t);
              },
              onSettled: done,
            },
          ),
        (error: unknown) => {
          notifyWalletError(error, t);
          done();
        },
      );
    });
  return { confirm, isPending: mutation.isPending };
}

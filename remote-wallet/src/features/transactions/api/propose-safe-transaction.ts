import { apiRequest } from '@dash/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  type TProposeSafeTransactionRequest,
  type TSafeTransaction,
  ZSafeTransactionResponse,
} from '@dash/shared/api';
import { useMutation } from '@tanstack/react-query';
import { useSettleSafeTransaction } from './safe-transactions';

/**
 * POST wallet/transactions: a transfer from the Safe to a registered wallet, or the rejection of a
 * queued nonce. Takes the submission's Idempotency-Key (one per intent, made when it is asked for),
 * so a double click or a retry never queues a second transaction.
 */
export async function proposeSafeTransaction(
  organizationUid: string,
  body: TProposeSafeTransactionRequest,
  idempotencyKey: string,
): Promise<TSafeTransaction> {
  const answer = await apiRequest({
    path: 'wallet/transactions',
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    organizationUid,
    response: ZSafeTransactionResponse,
    failure: 'catalogue.proposeSafeTransaction',
  });
  return answer.data;
}

export function useProposeSafeTransactionMutation(organizationUid: string) {
  const settle = useSettleSafeTransaction(organizationUid);
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: TProposeSafeTransactionRequest;
      idempotencyKey: string;
    }) => proposeSafeTransaction(organizationUid, body, idempotencyKey),
    onSuccess: settle,
  });
}

import { apiRequest } from '@dash/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  type TCreateDepositRequest,
  type TTransfer,
  ZTransferResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionsKey } from '../../transactions/api/get-transactions';

/**
 * POST deposits: a deposit (Transfero, BRL, testbrz on polygon-amoy) to a registered wallet. Takes the form submission's Idempotency-Key (one per
 * submission, made when the form is submitted), so a double click or a retry of the same submission
 * never creates a second transfer.
 */
export async function createDeposit(
  organizationUid: string,
  body: TCreateDepositRequest,
  idempotencyKey: string,
): Promise<TTransfer> {
  const answer = await apiRequest({
    path: 'deposits',
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    organizationUid,
    response: ZTransferResponse,
    failure: 'catalogue.createDeposit',
  });
  return answer.data;
}

export function useCreateDepositMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TCreateDepositRequest; idempotencyKey: string }) =>
      createDeposit(organizationUid, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsKey(organizationUid) }),
  });
}

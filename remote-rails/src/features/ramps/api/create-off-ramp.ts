import { apiRequest } from '@dash/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  type TCreateOffRampRequest,
  type TTransfer,
  ZTransferResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionsKey } from '../../transactions/api/get-transactions';

/**
 * POST rails/off-ramps: accept an off-ramp quote to a bank beneficiary. Takes the form submission's Idempotency-Key (one per
 * submission, made when the form is submitted), so a double click or a retry of the same submission
 * never creates a second transfer.
 */
export async function createOffRamp(
  organizationUid: string,
  body: TCreateOffRampRequest,
  idempotencyKey: string,
): Promise<TTransfer> {
  const answer = await apiRequest({
    path: 'rails/off-ramps',
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    organizationUid,
    response: ZTransferResponse,
    failure: 'catalogue.createOffRamp',
  });
  return answer.data;
}

export function useCreateOffRampMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TCreateOffRampRequest; idempotencyKey: string }) =>
      createOffRamp(organizationUid, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsKey(organizationUid) }),
  });
}

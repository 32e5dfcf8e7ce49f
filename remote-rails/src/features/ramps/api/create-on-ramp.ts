import { apiRequest } from '@dash/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  type TCreateOnRampRequest,
  type TTransfer,
  ZTransferResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionsKey } from '../../transactions/api/get-transactions';

/**
 * POST rails/on-ramps: accept an on-ramp quote to a registered wallet. Takes the form submission's Idempotency-Key (one per
 * submission, made when the form is submitted), so a double click or a retry of the same submission
 * never creates a second transfer.
 */
export async function createOnRamp(
  organizationUid: string,
  body: TCreateOnRampRequest,
  idempotencyKey: string,
): Promise<TTransfer> {
  const answer = await apiRequest({
    path: 'rails/on-ramps',
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    organizationUid,
    response: ZTransferResponse,
    failure: 'catalogue.createOnRamp',
  });
  return answer.data;
}

export function useCreateOnRampMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TCreateOnRampRequest; idempotencyKey: string }) =>
      createOnRamp(organizationUid, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsKey(organizationUid) }),
  });
}

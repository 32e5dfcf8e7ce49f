import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../client/api-client';
import { ERROR_MESSAGES } from '../contracts/catalogue';
import {
  IDEMPOTENCY_KEY_HEADER,
  type TCreateDepositRequest,
  type TCreateOffRampRequest,
  type TCreateOnRampRequest,
  type TTransfer,
  ZTransferResponse,
} from '../contracts/transfers';
import { transactionsKey } from './get-transactions';

/**
 * POST rails/on-ramps, rails/off-ramps and deposits: the three calls that move money. Each takes
 * the form submission's Idempotency-Key (one per submission, made when the form is submitted), so
 * a double click or a retry of the same submission never creates a second transfer.
 */
const CALLS = {
  'on-ramp': { path: 'rails/on-ramps', failure: ERROR_MESSAGES.createOnRamp },
  'off-ramp': { path: 'rails/off-ramps', failure: ERROR_MESSAGES.createOffRamp },
  deposit: { path: 'deposits', failure: ERROR_MESSAGES.createDeposit },
} as const;

type Bodies = {
  'on-ramp': TCreateOnRampRequest;
  'off-ramp': TCreateOffRampRequest;
  deposit: TCreateDepositRequest;
};

export async function createTransfer<K extends keyof Bodies>(
  organizationUid: string,
  kind: K,
  body: Bodies[K],
  idempotencyKey: string,
): Promise<TTransfer> {
  const answer = await apiRequest({
    path: CALLS[kind].path,
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    organizationUid,
    response: ZTransferResponse,
    failure: CALLS[kind].failure,
  });
  return answer.data;
}

export function useCreateTransferMutation<K extends keyof Bodies>(organizationUid: string, kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: Bodies[K]; idempotencyKey: string }) =>
      createTransfer(organizationUid, kind, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsKey(organizationUid) }),
  });
}

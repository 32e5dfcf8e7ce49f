import { apiRequest } from '@dash/shared';
import { type TCancelTransferRequest, type TTransfer, ZTransferResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionsKey } from './get-transactions';

/**
 * POST rails/transactions/{transferUid}/cancel: an off-ramp waiting for approval is called off
 * (withdrawn by its creator, rejected by another member), with an optional reason.
 */
export async function cancelTransfer(
  organizationUid: string,
  transferUid: string,
  request: TCancelTransferRequest,
): Promise<TTransfer> {
  const answer = await apiRequest({
    path: `rails/transactions/${encodeURIComponent(transferUid)}/cancel`,
    method: 'POST',
    organizationUid,
    body: request,
    response: ZTransferResponse,
    failure: 'catalogue.cancelTransfer',
  });
  return answer.data;
}

export function useCancelTransferMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transferUid, ...request }: TCancelTransferRequest & { transferUid: string }) =>
      cancelTransfer(organizationUid, transferUid, request),
    // Refused too (409: someone decided meanwhile), the page shows the transfer as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionsKey(organizationUid) }),
  });
}

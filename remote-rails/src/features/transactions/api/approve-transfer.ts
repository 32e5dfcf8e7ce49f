import { apiRequest } from '@dash/shared';
import { type TTransfer, ZTransferResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionsKey } from './get-transactions';

/** POST rails/transactions/{transferUid}/approve: a second member approves an off-ramp above the threshold. */
export async function approveTransfer(organizationUid: string, transferUid: string): Promise<TTransfer> {
  const answer = await apiRequest({
    path: `rails/transactions/${encodeURIComponent(transferUid)}/approve`,
    method: 'POST',
    organizationUid,
    response: ZTransferResponse,
    failure: 'catalogue.approveTransfer',
  });
  return answer.data;
}

export function useApproveTransferMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transferUid: string) => approveTransfer(organizationUid, transferUid),
    // Refused too (409: someone decided meanwhile), the page shows the transfer as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionsKey(organizationUid) }),
  });
}

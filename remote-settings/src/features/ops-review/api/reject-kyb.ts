import { apiRequest } from '@dash/shared';
import { type TKybApplication, type TRejectKybRequest, ZKybApplicationResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateKybReview } from './approve-kyb';

/** POST ops/kyb/{organizationUid}/reject {reason} (operators). */
export async function rejectKyb(organizationUid: string, body: TRejectKybRequest): Promise<TKybApplication> {
  const answer = await apiRequest({
    path: `ops/kyb/${encodeURIComponent(organizationUid)}/reject`,
    method: 'POST',
    body,
    response: ZKybApplicationResponse,
    failure: 'catalogue.decideKyb',
  });
  return answer.data;
}

export function useRejectKybMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRejectKybRequest) => rejectKyb(organizationUid, body),
    onSettled: () => invalidateKybReview(queryClient, organizationUid),
  });
}

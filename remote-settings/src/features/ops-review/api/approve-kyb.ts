import { apiRequest } from '@dash/shared';
import { type TKybApplication, ZKybApplicationResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kybQueueQueryOptions } from './get-kyb-queue';
import { kybReviewQueryOptions } from './get-kyb-review';

/** POST ops/kyb/{organizationUid}/approve (operators). */
export async function approveKyb(organizationUid: string): Promise<TKybApplication> {
  const answer = await apiRequest({
    path: `ops/kyb/${encodeURIComponent(organizationUid)}/approve`,
    method: 'POST',
    response: ZKybApplicationResponse,
    failure: 'catalogue.decideKyb',
  });
  return answer.data;
}

/** After a decision the queue and the application under review are stale. */
export function invalidateKybReview(queryClient: ReturnType<typeof useQueryClient>, organizationUid: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: kybQueueQueryOptions().queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: kybReviewQueryOptions(organizationUid).queryKey }),
  ]);
}

export function useApproveKybMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => approveKyb(organizationUid),
    onSettled: () => invalidateKybReview(queryClient, organizationUid),
  });
}

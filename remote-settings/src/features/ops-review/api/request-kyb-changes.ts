import { apiRequest } from '@dash/shared';
import {
  type TKybApplication,
  type TRequestKybChangesRequest,
  ZKybApplicationResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateKybReview } from './approve-kyb';

/** POST ops/kyb/{organizationUid}/request-changes {note} (operators). */
export async function requestKybChanges(
  organizationUid: string,
  body: TRequestKybChangesRequest,
): Promise<TKybApplication> {
  const answer = await apiRequest({
    path: `ops/kyb/${encodeURIComponent(organizationUid)}/request-changes`,
    method: 'POST',
    body,
    response: ZKybApplicationResponse,
    failure: 'catalogue.decideKyb',
  });
  return answer.data;
}

export function useRequestKybChangesMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRequestKybChangesRequest) => requestKybChanges(organizationUid, body),
    onSettled: () => invalidateKybReview(queryClient, organizationUid),
  });
}

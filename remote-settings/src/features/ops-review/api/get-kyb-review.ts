import { apiRequest } from '@dash/shared';
import { type TKybReview, ZKybReviewResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET ops/kyb/{organizationUid}: one application with its documents and timeline (operators). */
export async function getKybReview(organizationUid: string, signal?: AbortSignal): Promise<TKybReview> {
  const answer = await apiRequest({
    path: `ops/kyb/${encodeURIComponent(organizationUid)}`,
    response: ZKybReviewResponse,
    failure: 'catalogue.fetchKybReview',
    signal,
  });
  return answer.data;
}

export const kybReviewQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['ops', 'kyb', organizationUid] as const,
    queryFn: ({ signal }) => getKybReview(organizationUid, signal),
  });

export const useKybReviewQuery = (organizationUid: string) =>
  useQuery(kybReviewQueryOptions(organizationUid));

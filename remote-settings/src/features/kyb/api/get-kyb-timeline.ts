import { apiRequest } from '@dash/shared';
import { type TKybTimelineEntry, ZKybTimelineResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET kyb/timeline: every change of the KYB application, oldest first. */
export async function getKybTimeline(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TKybTimelineEntry[]> {
  const answer = await apiRequest({
    path: 'kyb/timeline',
    organizationUid,
    response: ZKybTimelineResponse,
    failure: 'catalogue.fetchKybTimeline',
    signal,
  });
  return answer.data;
}

export const kybTimelineQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'kyb', 'timeline'] as const,
    queryFn: ({ signal }) => getKybTimeline(organizationUid, signal),
  });

export const useKybTimelineQuery = (organizationUid: string) =>
  useQuery(kybTimelineQueryOptions(organizationUid));

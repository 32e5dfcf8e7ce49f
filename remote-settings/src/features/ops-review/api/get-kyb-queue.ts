import { apiRequest } from '@dash/shared';
import { type TKybQueueItem, ZKybQueueResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET ops/kyb: submitted applications waiting for review (operators). */
export async function getKybQueue(signal?: AbortSignal): Promise<TKybQueueItem[]> {
  const answer = await apiRequest({
    path: 'ops/kyb',
    response: ZKybQueueResponse,
    failure: 'catalogue.fetchKybQueue',
    signal,
  });
  return answer.data;
}

export const kybQueueQueryOptions = () =>
  queryOptions({ queryKey: ['ops', 'kyb'] as const, queryFn: ({ signal }) => getKybQueue(signal) });

export const useKybQueueQuery = () => useQuery(kybQueueQueryOptions());

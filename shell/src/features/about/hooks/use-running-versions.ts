import { queryOptions, useQuery } from '@tanstack/react-query';
import { runningRemotes } from '../../remotes/federation';

/** What this page runs: read fresh each time the panel opens (a remote may have loaded since). */
export const runningVersionsQuery = () =>
  queryOptions({
    queryKey: ['about', 'running-versions'],
    queryFn: runningRemotes,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useRunningVersions(enabled: boolean) {
  return useQuery({ ...runningVersionsQuery(), enabled });
}

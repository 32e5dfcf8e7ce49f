import { apiRequest } from '@dash/shared';
import { type TRailsSettings, ZRailsSettingsResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET rails/settings: the off-ramp approval threshold (null: two-person approval off). */
export async function getRailsSettings(
  organizationUid: string,
  signal?: AbortSignal,
): Promise<TRailsSettings> {
  const answer = await apiRequest({
    path: 'rails/settings',
    organizationUid,
    response: ZRailsSettingsResponse,
    failure: 'catalogue.fetchRailsSettings',
    signal,
  });
  return answer.data;
}

export const railsSettingsQueryOptions = (organizationUid: string) =>
  queryOptions({
    queryKey: ['organization', organizationUid, 'rails-settings'] as const,
    queryFn: ({ signal }) => getRailsSettings(organizationUid, signal),
  });

export const useRailsSettingsQuery = (organizationUid: string) =>
  useQuery(railsSettingsQueryOptions(organizationUid));

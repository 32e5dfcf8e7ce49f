import { apiRequest } from '@dash/shared';
import { type TNotificationPreference, ZNotificationPreferencesResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET profile/notifications: every kind and whether the user gets it by mail. */
export async function getNotificationPreferences(signal?: AbortSignal): Promise<TNotificationPreference[]> {
  const answer = await apiRequest({
    path: 'profile/notifications',
    response: ZNotificationPreferencesResponse,
    failure: 'catalogue.fetchNotificationPreferences',
    signal,
  });
  return answer.data.preferences;
}

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'notifications'] as const,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });

export const useNotificationPreferencesQuery = () => useQuery(notificationPreferencesQueryOptions());

import { apiRequest } from '@dash/shared';
import {
  type TNotificationPreference,
  type TUpdateNotificationPreferencesRequest,
  ZNotificationPreferencesResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationPreferencesQueryOptions } from './get-notification-preferences';

/** PUT profile/notifications: the kinds to change; answers with every kind. */
export async function updateNotificationPreferences(
  body: TUpdateNotificationPreferencesRequest,
): Promise<TNotificationPreference[]> {
  const answer = await apiRequest({
    path: 'profile/notifications',
    method: 'PUT',
    body,
    response: ZNotificationPreferencesResponse,
    failure: 'catalogue.updateNotificationPreferences',
  });
  return answer.data.preferences;
}

export function useUpdateNotificationPreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) =>
      queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, preferences),
  });
}

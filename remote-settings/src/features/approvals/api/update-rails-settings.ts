import { apiRequest } from '@dash/shared';
import { type TRailsSettings, ZRailsSettingsResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { railsSettingsQueryOptions } from './get-rails-settings';

/** PUT rails/settings (Admins): set the off-ramp approval threshold, or null to turn approval off. */
export async function updateRailsSettings(
  organizationUid: string,
  body: TRailsSettings,
): Promise<TRailsSettings> {
  const answer = await apiRequest({
    path: 'rails/settings',
    method: 'PUT',
    body,
    organizationUid,
    response: ZRailsSettingsResponse,
    failure: 'catalogue.updateRailsSettings',
  });
  return answer.data;
}

export function useUpdateRailsSettingsMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRailsSettings) => updateRailsSettings(organizationUid, body),
    onSuccess: (settings) =>
      queryClient.setQueryData(railsSettingsQueryOptions(organizationUid).queryKey, settings),
  });
}

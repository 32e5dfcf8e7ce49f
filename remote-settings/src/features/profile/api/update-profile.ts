import { apiRequest, meQueryOptions, type TSessionUser } from '@dash/shared';
import { type TUpdateProfileRequest, ZUpdateProfileResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT profile: first and last name. */
export async function updateProfile(body: TUpdateProfileRequest): Promise<TSessionUser> {
  const answer = await apiRequest({
    path: 'profile',
    method: 'PUT',
    body,
    response: ZUpdateProfileResponse,
    failure: 'catalogue.updateProfile',
  });
  return answer.data;
}

/**
 * Updating the profile refreshes the cached session (spec section 4). Invalidated, not reset: a reset
 * empties the session for a moment, the dashboard falls back to the user it loaded with, and the
 * profile form (keyed by the saved values) remounts before its own onSuccess runs, losing the toast.
 */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey, exact: true }),
  });
}

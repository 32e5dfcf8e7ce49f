import { ApiError, myOrganizationsQueryOptions, type TOrganization } from '@dash/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { myInvitationsQueryOptions } from '../api/get-my-invitations';

/**
 * The invitation can no longer be answered: 410 when it expired or was answered already (in another
 * tab, on another device), 404 when it is gone (revoked). Trying again cannot change that.
 */
export function isInvitationGone(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 410 || error.status === 404);
}

/**
 * After an invitation turned out to be gone, what this page showed was stale: reloads the
 * invitations (its card goes) and the user's organizations (one accepted elsewhere appears in the
 * switcher). Answers the organizations, or undefined when they could not be loaded.
 */
export function useRefreshAfterGoneInvitation() {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<TOrganization[] | undefined> => {
    const [, organizations] = await Promise.allSettled([
      queryClient.invalidateQueries({ queryKey: myInvitationsQueryOptions().queryKey }),
      queryClient.fetchQuery({ ...myOrganizationsQueryOptions(), staleTime: 0 }),
    ]);
    return organizations.status === 'fulfilled' ? organizations.value : undefined;
  }, [queryClient]);
}

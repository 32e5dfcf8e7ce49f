import { notifyError, paths } from '@dash/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { useSignOutMutation } from '../api/sign-out';

/** Signs out; after any attempt the cached session is reset and the user is on /auth (spec section 4). */
export function useSignOut(navigate: NavigateFunction) {
  const queryClient = useQueryClient();
  const mutation = useSignOutMutation();
  const signOut = () =>
    mutation.mutate(undefined, {
      onError: notifyError,
      onSettled: () => {
        queryClient.clear();
        navigate(paths.auth.signIn(), { replace: true });
      },
    });
  return { signOut, isPending: mutation.isPending };
}

import { apiRequest } from '@dash/shared';
import { useMutation } from '@tanstack/react-query';

export async function signOut(): Promise<void> {
  await apiRequest({
    path: 'auth/sign-out',
    method: 'POST',
    response: null,
    failure: 'catalogue.signOut',
  });
}

export const useSignOutMutation = () => useMutation({ mutationFn: signOut });

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client/api-client';
import { ERROR_MESSAGES } from '../contracts/catalogue';

export async function signOut(): Promise<void> {
  await apiRequest({
    path: 'auth/sign-out',
    method: 'POST',
    response: null,
    failure: ERROR_MESSAGES.signOut,
  });
}

export const useSignOutMutation = () => useMutation({ mutationFn: signOut });

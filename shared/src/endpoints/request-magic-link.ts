import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client/api-client';
import { type TRequestMagicLinkRequest, ZRequestMagicLinkResponse } from '../contracts/auth';
import { ERROR_MESSAGES } from '../contracts/catalogue';

/** POST auth: e-mails a magic link. A 403 means the address is not on the allowlist. */
export async function requestMagicLink(body: TRequestMagicLinkRequest): Promise<void> {
  await apiRequest({
    path: 'auth',
    method: 'POST',
    body,
    response: ZRequestMagicLinkResponse,
    failure: ERROR_MESSAGES.sendMagicLink,
  });
}

export const useRequestMagicLinkMutation = () => useMutation({ mutationFn: requestMagicLink });

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client/api-client';
import { type TVerifyMagicLinkResponse, ZVerifyMagicLinkResponse } from '../contracts/auth';
import { ERROR_MESSAGES } from '../contracts/catalogue';

export async function verifyMagicLink(token: string): Promise<TVerifyMagicLinkResponse> {
  return apiRequest({
    path: `auth/${encodeURIComponent(token)}`,
    method: 'POST',
    body: {},
    response: ZVerifyMagicLinkResponse,
    failure: ERROR_MESSAGES.verifyMagicLink,
  });
}

export const useVerifyMagicLinkMutation = () => useMutation({ mutationFn: verifyMagicLink });

import {
  apiRequest,
  ERROR_MESSAGES,
  type TVerifyMagicLinkResponse,
  ZVerifyMagicLinkResponse,
} from '@dash/shared';
import { useMutation } from '@tanstack/react-query';

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

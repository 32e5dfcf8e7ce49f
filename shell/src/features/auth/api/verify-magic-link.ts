import { apiRequest, type TVerifyMagicLinkResponse, ZVerifyMagicLinkResponse } from '@dash/shared';
import { useMutation } from '@tanstack/react-query';

export async function verifyMagicLink(token: string): Promise<TVerifyMagicLinkResponse> {
  return apiRequest({
    path: `auth/${encodeURIComponent(token)}`,
    method: 'POST',
    body: {},
    response: ZVerifyMagicLinkResponse,
    failure: 'catalogue.verifyMagicLink',
  });
}

export const useVerifyMagicLinkMutation = () => useMutation({ mutationFn: verifyMagicLink });

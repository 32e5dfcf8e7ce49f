import { apiRequest, type TRequestMagicLinkRequest, ZRequestMagicLinkResponse } from '@dash/shared';
import { useMutation } from '@tanstack/react-query';

/** POST auth: e-mails a magic link. A 403 means the address is not on the allowlist. */
export async function requestMagicLink(body: TRequestMagicLinkRequest): Promise<void> {
  await apiRequest({
    path: 'auth',
    method: 'POST',
    body,
    response: ZRequestMagicLinkResponse,
    failure: 'catalogue.sendMagicLink',
  });
}

export const useRequestMagicLinkMutation = () => useMutation({ mutationFn: requestMagicLink });

import { apiRequest } from '@dash/shared';
import { type TRequestEmailChangeRequest, ZRequestEmailChangeResponse } from '@dash/shared/api';
import { useMutation } from '@tanstack/react-query';

/** POST profile/email-change-request: mails a confirmation link to the new address. */
export async function requestEmailChange(body: TRequestEmailChangeRequest): Promise<void> {
  await apiRequest({
    path: 'profile/email-change-request',
    method: 'POST',
    body,
    response: ZRequestEmailChangeResponse,
    failure: 'catalogue.requestEmailChange',
  });
}

export const useRequestEmailChangeMutation = () => useMutation({ mutationFn: requestEmailChange });

import { ApiError, apiRequest, type TCodedMessage } from '@dash/shared';
import { ZConfirmEmailChangeResponse } from '@dash/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type TEmailChangeResult =
  | { confirmed: true; email: string }
  | { confirmed: false; reason: string; reasonCode?: TCodedMessage };

/**
 * POST profile/email-change {token}: confirmed when the answer is ok. A refusal (a used, expired or
 * unknown link) is a result, not an error; only a network or server failure throws.
 */
export async function confirmEmailChange(token: string): Promise<TEmailChangeResult> {
  try {
    const answer = await apiRequest({
      path: 'profile/email-change',
      method: 'POST',
      body: { token },
      response: ZConfirmEmailChangeResponse,
      failure: 'catalogue.confirmEmailChange',
    });
    return { confirmed: true, email: answer.data.email };
  } catch (error) {
    if (error instanceof ApiError && error.isClientError) {
      const reasonCode = error.detail ? error.codes.detail : error.codes.message;
      return {
        confirmed: false,
        reason: error.detail ?? error.message,
        ...(reasonCode ? { reasonCode } : {}),
      };
    }
    throw error;
  }
}

/**
 * The link works once, so its result is cached forever per token (spec section 4): coming back to
 * the page shows the same answer instead of "already used".
 */
export const emailChangeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['email-change', token] as const,
    queryFn: () => confirmEmailChange(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useEmailChangeQuery = (token: string) => useQuery(emailChangeQueryOptions(token));

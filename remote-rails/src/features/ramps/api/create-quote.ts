import { apiRequest } from '@dash/shared';
import { type TCreateQuoteRequest, type TQuote, ZQuoteResponse } from '@dash/shared/api';
import { useMutation } from '@tanstack/react-query';

/** POST rails/quotes: the provider's rate, fees, amount delivered and expiry for one amount. */
export async function createQuote(organizationUid: string, body: TCreateQuoteRequest): Promise<TQuote> {
  const answer = await apiRequest({
    path: 'rails/quotes',
    method: 'POST',
    body,
    organizationUid,
    response: ZQuoteResponse,
    failure: 'catalogue.createQuote',
  });
  return answer.data;
}

export function useCreateQuoteMutation(organizationUid: string) {
  return useMutation({ mutationFn: (body: TCreateQuoteRequest) => createQuote(organizationUid, body) });
}

import { apiRequest } from '@dash/shared';
import {
  type TProviderAccount,
  type TStartOnboardingRequest,
  ZProviderAccountResponse,
} from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { providerAccountsQueryOptions } from '../../providers/api/get-provider-accounts';

/** POST provider-accounts (Admins, Editors): starts onboarding once per provider; answers the account. */
export async function startOnboarding(
  organizationUid: string,
  body: TStartOnboardingRequest,
): Promise<TProviderAccount> {
  const answer = await apiRequest({
    path: 'provider-accounts',
    method: 'POST',
    organizationUid,
    body,
    response: ZProviderAccountResponse,
    failure: 'catalogue.startOnboarding',
  });
  return answer.data;
}

export function useStartOnboardingMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStartOnboardingRequest) => startOnboarding(organizationUid, body),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: providerAccountsQueryOptions(organizationUid).queryKey }),
  });
}

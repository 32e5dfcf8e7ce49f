import { apiRequest } from '@dash/shared';
import { type TKybApplication, ZKybApplicationResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateKyb, kybQueryOptions } from './get-kyb';

/** POST kyb/submit: submits the saved application for review (Admins). */
export async function submitKyb(organizationUid: string): Promise<TKybApplication> {
  const answer = await apiRequest({
    path: 'kyb/submit',
    method: 'POST',
    organizationUid,
    response: ZKybApplicationResponse,
    failure: 'catalogue.submitKyb',
  });
  return answer.data;
}

export function useSubmitKybMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitKyb(organizationUid),
    onSuccess: async (submitted) => {
      queryClient.setQueryData(kybQueryOptions(organizationUid).queryKey, submitted);
      await invalidateKyb(queryClient, organizationUid);
    },
  });
}

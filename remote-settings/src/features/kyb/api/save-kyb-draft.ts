import { apiRequest } from '@dash/shared';
import { type TKybApplication, type TKybDraft, ZKybApplicationResponse } from '@dash/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateKyb, kybQueryOptions } from './get-kyb';

/** PUT kyb: saves the draft (Admins, Editors); partial data is fine, what is there must be valid. */
export async function saveKybDraft(organizationUid: string, body: TKybDraft): Promise<TKybApplication> {
  const answer = await apiRequest({
    path: 'kyb',
    method: 'PUT',
    body,
    organizationUid,
    response: ZKybApplicationResponse,
    failure: 'catalogue.saveKybDraft',
  });
  return answer.data;
}

export function useSaveKybDraftMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: TKybDraft) => saveKybDraft(organizationUid, draft),
    onSuccess: async (saved) => {
      queryClient.setQueryData(kybQueryOptions(organizationUid).queryKey, saved);
      await invalidateKyb(queryClient, organizationUid);
    },
  });
}

import {
  AVATAR_FIELD,
  apiRequest,
  myOrganizationsQueryOptions,
  type TOrganization,
  ZOrganizationResponse,
} from '@dash/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationQueryOptions } from './get-organization';

/** POST organization/avatar: the image goes in the multipart form field `avatar`. */
export async function uploadOrganizationAvatar(organizationUid: string, file: Blob): Promise<TOrganization> {
  const formData = new FormData();
  formData.append(AVATAR_FIELD, file);
  const answer = await apiRequest({
    path: 'organization/avatar',
    method: 'POST',
    formData,
    organizationUid,
    response: ZOrganizationResponse,
    failure: 'catalogue.uploadOrganizationAvatar',
  });
  return answer.data;
}

/** The new avatar URL reaches the sidebar and the switcher through the organization list. */
export function useUploadOrganizationAvatarMutation(organizationUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => uploadOrganizationAvatar(organizationUid, file),
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationQueryOptions(organizationUid).queryKey, organization);
      await queryClient.invalidateQueries({ queryKey: myOrganizationsQueryOptions().queryKey });
    },
  });
}

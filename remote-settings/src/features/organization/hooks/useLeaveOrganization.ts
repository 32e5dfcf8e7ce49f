import { notifyError, notifySuccess, paths, useCurrentOrganization, useT } from '@dash/shared';
import { useNavigate } from 'react-router';
import { useLeaveOrganizationMutation } from '../api/leave-organization';

/**
 * Leaving the current organization (the Danger zone's Leave, and removing yourself in Members): the
 * call, the toast, and home, as its pages are no longer the user's. `onError` runs before the error
 * is shown (a confirm step to close).
 */
export function useLeaveOrganization() {
  const { t } = useT('settings');
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const mutation = useLeaveOrganizationMutation(organization.uid);
  const leave = (onError: () => void) =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('danger.left', { organization: organization.name }));
        navigate(paths.home(), { replace: true });
      },
      onError: (error) => {
        onError();
        notifyError(error);
      },
    });
  return { leave, isPending: mutation.isPending };
}

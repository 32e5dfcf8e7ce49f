import {
  notifyError,
  notifySuccess,
  ROLES,
  schemaResolverInLanguage,
  type TOrganization,
  useFocusFirstInvalid,
  useT,
} from '@dash/shared';
import { ZCreateInvitationRequest } from '@dash/shared/api';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCreateInvitationMutation } from '../api/create-invitation';

/**
 * Invite by e-mail with a role; the invitee gets an e-mail with a link. A submit the form (or the
 * server) refuses puts focus on the first invalid field, which says its error.
 */
export function InviteForm({ organization }: { organization: TOrganization }) {
  const { t } = useT('settings');
  const { t: common } = useT('common');
  const invite = useCreateInvitationMutation(organization.uid);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', role: 'Editor' },
    validate: schemaResolverInLanguage(ZCreateInvitationRequest),
  });
  const invalid = useFocusFirstInvalid();

  const submit = form.onSubmit((values) => {
    const body = ZCreateInvitationRequest.parse(values);
    invite.mutate(body, {
      onSuccess: (invitation) => {
        notifySuccess(t('invites.sent', { email: invitation.email }));
        form.setFieldValue('email', '');
      },
      onError: (error) => {
        if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
      },
    });
  }, invalid.onValidationErrors);

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('invites.formLabel')}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('invites.emailLabel')}
          type="email"
          placeholder={t('invites.emailPlaceholder')}
          autoComplete="off"
          required
          style={{ flex: '1 1 220px' }}
          {...form.getInputProps('email')}
        />
        <NativeSelect
          label={t('invites.role')}
          data={ROLES.map((role) => ({ value: role, label: common(`roles.${role}`) }))}
          w={130}
          {...form.getInputProps('role')}
        />
        <Button type="submit" loading={invite.isPending} mt={25}>
          {t('invites.send')}
        </Button>
      </Group>
    </form>
  );
}

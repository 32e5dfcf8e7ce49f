import {
  applyServerFieldErrors,
  notifyError,
  notifySuccess,
  ROLES,
  type TOrganization,
  useCreateInvitationMutation,
  ZCreateInvitationRequest,
} from '@dash/shared';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';

/** Invite by e-mail with a role; the invitee gets an e-mail with a link. */
export function InviteForm({ organization }: { organization: TOrganization }) {
  const invite = useCreateInvitationMutation(organization.uid);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', role: 'Editor' },
    validate: schemaResolver(ZCreateInvitationRequest, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const body = ZCreateInvitationRequest.parse(values);
    invite.mutate(body, {
      onSuccess: (invitation) => {
        notifySuccess(`Invitation sent to ${invitation.email}`);
        form.setFieldValue('email', '');
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error)) notifyError(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Invite people">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Email"
          type="email"
          placeholder="name@company.com"
          autoComplete="off"
          required
          style={{ flex: '1 1 220px' }}
          {...form.getInputProps('email')}
        />
        <Select
          label="Role"
          data={[...ROLES]}
          allowDeselect={false}
          w={130}
          {...form.getInputProps('role')}
        />
        <Button type="submit" loading={invite.isPending} mt={25}>
          Send invitation
        </Button>
      </Group>
    </form>
  );
}

import {
  applyServerFieldErrors,
  can,
  notifyError,
  notifySuccess,
  paths,
  useCurrentOrganization,
  useDeleteOrganizationMutation,
  useLeaveOrganizationMutation,
  ZDeleteOrganizationRequest,
} from '@dash/shared';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

function LeaveOrganization() {
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const leave = useLeaveOrganizationMutation(organization.uid);
  const [confirming, setConfirming] = useState(false);

  const confirmLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(`You left ${organization.name}`);
        navigate(paths.home(), { replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        notifyError(error);
      },
    });

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Leave the organization
        </Title>
        <Text size="sm" c="dimmed">
          You lose access to {organization.name} until someone invites you again. The last Admin cannot leave:
          make someone else Admin first.
        </Text>
        {confirming ? (
          <Group>
            <Button color="red" onClick={confirmLeave} loading={leave.isPending}>
              Yes, leave {organization.name}
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Group>
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Leave organization
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function DeleteOrganization() {
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const remove = useDeleteOrganizationMutation(organization.uid);
  const form = useForm({
    mode: 'controlled',
    initialValues: { slug: '' },
    validate: schemaResolver(ZDeleteOrganizationRequest, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    remove.mutate(values, {
      onSuccess: () => {
        notifySuccess(`${organization.name} was deleted`);
        navigate(paths.home(), { replace: true });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error)) notifyError(error);
      },
    }),
  );

  return (
    <Card withBorder padding="lg" style={{ borderColor: 'var(--mantine-color-red-5)' }}>
      <form onSubmit={submit} noValidate aria-label="Delete the organization">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Delete the organization
          </Title>
          <Text size="sm" c="dimmed">
            Deletes {organization.name} for everyone: its members, invitations and settings. This cannot be
            undone.
          </Text>
          <TextInput
            label="Organization slug"
            description={`Type ${organization.slug} to confirm`}
            autoComplete="off"
            maw={360}
            {...form.getInputProps('slug')}
          />
          <Group>
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              disabled={form.values.slug.trim() !== organization.slug}
            >
              Delete organization
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Danger zone tab: leave (any member) and delete (Admins, confirmed by typing the slug). */
export function DangerZone() {
  const organization = useCurrentOrganization();
  return (
    <Stack gap="md" maw={640}>
      <LeaveOrganization />
      {can(organization.role, 'organization.delete') ? <DeleteOrganization /> : null}
    </Stack>
  );
}

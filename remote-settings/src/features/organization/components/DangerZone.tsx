import {
  can,
  notifyError,
  notifySuccess,
  paths,
  schemaResolverInLanguage,
  useConfirmStep,
  useCurrentOrganization,
  useFocusFirstInvalid,
  useT,
  ZDeleteOrganizationRequest,
} from '@dash/shared';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useDeleteOrganizationMutation } from '../api/delete-organization';
import { useLeaveOrganization } from '../hooks/useLeaveOrganization';

function LeaveOrganization() {
  const { t } = useT('settings');
  const organization = useCurrentOrganization();
  const leave = useLeaveOrganization();
  const step = useConfirmStep();

  const confirmLeave = () => leave.leave(step.cancel);

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('danger.leaveTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('danger.leaveText', { organization: organization.name })}
        </Text>
        {step.confirming !== null ? (
          <Group>
            <Button ref={step.confirmRef} color="red" onClick={confirmLeave} loading={leave.isPending}>
              {t('danger.confirmLeave', { organization: organization.name })}
            </Button>
            <Button variant="default" onClick={step.cancel}>
              {t('common.cancel')}
            </Button>
          </Group>
        ) : (
          <Group>
            <Button ref={step.askRef(true)} color="red" variant="light" onClick={() => step.ask(true)}>
              {t('danger.leave')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function DeleteOrganization() {
  const { t } = useT('settings');
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const remove = useDeleteOrganizationMutation(organization.uid);
  const form = useForm({
    mode: 'controlled',
    initialValues: { slug: '' },
    validate: schemaResolverInLanguage(ZDeleteOrganizationRequest),
  });

  const invalid = useFocusFirstInvalid();

  const submit = form.onSubmit(
    (values) =>
      remove.mutate(values, {
        onSuccess: () => {
          notifySuccess(t('danger.deleted', { organization: organization.name }));
          navigate(paths.home(), { replace: true });
        },
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      }),
    invalid.onValidationErrors,
  );

  return (
    <Card withBorder padding="lg" style={{ borderColor: 'var(--mantine-color-red-5)' }}>
      <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('danger.deleteTitle')}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('danger.deleteTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('danger.deleteText', { organization: organization.name })}
          </Text>
          <TextInput
            label={t('danger.slug')}
            description={t('danger.typeToConfirm', { slug: organization.slug })}
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
              {t('danger.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Danger zone tab: leave (any member) and delete (Admins, confirmed by typing the slug). */
export default function DangerZone() {
  const organization = useCurrentOrganization();
  return (
    <Stack gap="md" maw={640}>
      <LeaveOrganization />
      {can(organization.role, 'organization.delete') ? <DeleteOrganization /> : null}
    </Stack>
  );
}

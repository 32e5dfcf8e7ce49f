import {
  notifyError,
  notifySuccess,
  paths,
  schemaResolverInLanguage,
  type TOrganization,
  type TUpdateOrganizationRequest,
  useFocusFirstInvalid,
  useT,
  ZUpdateOrganizationRequest,
} from '@dash/shared';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useUpdateOrganizationMutation } from '../api/update-organization';

/** Rename the organization and change its slug; a new slug moves the page to its new URL. */
export function OrganizationDetailsForm({ organization }: { organization: TOrganization }) {
  const { t } = useT('settings');
  const navigate = useNavigate();
  const update = useUpdateOrganizationMutation(organization.uid);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: organization.name, slug: organization.slug },
    validate: schemaResolverInLanguage(ZUpdateOrganizationRequest),
    validateInputOnBlur: true,
  });

  const invalid = useFocusFirstInvalid();

  const submit = form.onSubmit((values) => {
    const changes: TUpdateOrganizationRequest = {};
    if (values.name.trim() !== organization.name) changes.name = values.name;
    if (values.slug !== organization.slug) changes.slug = values.slug;
    if (changes.name === undefined && changes.slug === undefined) return;
    update.mutate(changes, {
      onSuccess: (updated) => {
        notifySuccess(t('organization.saved'));
        // The organization list was refreshed first, so the new slug passes the organization gate.
        if (updated.slug !== organization.slug) navigate(paths.org.settings(updated.slug), { replace: true });
      },
      onError: (error) => {
        if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
      },
    });
  }, invalid.onValidationErrors);

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('organization.details')}>
      <Stack gap="md" maw={480}>
        <TextInput
          label={t('organization.name')}
          required
          autoComplete="organization"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('organization.slug')}
          description={t('organization.slugDescription', {
            path: `/org/${form.values.slug || t('organization.slugPlaceholder')}`,
          })}
          required
          {...form.getInputProps('slug')}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('organization.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import {
  notifyError,
  PageHeader,
  paths,
  schemaResolverInLanguage,
  suggestSlug,
  useDocumentTitle,
  useFocusFirstInvalid,
  useSession,
  useT,
  ZCreateOrganizationRequest,
} from '@dash/shared';
import { Anchor, Button, Center, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignOut } from '../../auth/hooks/use-sign-out';
import { useCreateOrganizationMutation } from '../api/create-organization';

export function CreateOrganizationPage() {
  const { t } = useT('shell');
  useDocumentTitle(t('createOrganization.title'));
  const navigate = useNavigate();
  const { user, organizations } = useSession();
  const { signOut, isPending: signingOut } = useSignOut(navigate);
  const createOrganization = useCreateOrganizationMutation();
  const slugEdited = useRef(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', slug: '' },
    validate: schemaResolverInLanguage(ZCreateOrganizationRequest),
    validateInputOnBlur: true,
    onValuesChange: (values, previous) => {
      // The slug follows the name until the user edits the slug themselves.
      if (!slugEdited.current && values.name !== previous.name)
        form.setFieldValue('slug', suggestSlug(values.name));
    },
  });
  const invalid = useFocusFirstInvalid();

  const submit = form.onSubmit((values) => {
    createOrganization.mutate(values, {
      onSuccess: (organization) => navigate(paths.org.invite(organization.slug)),
      onError: (error) => {
        if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
      },
    });
  }, invalid.onValidationErrors);

  const slugInput = form.getInputProps('slug');

  return (
    <Center component="main" mih="100vh" p="md">
      <Stack w="100%" maw={480} gap="xs">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('createOrganization.signedInAs', { email: user.email })}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={signOut} loading={signingOut}>
            {t('userMenu.signOut')}
          </Button>
        </Group>
        <Paper withBorder p="xl" radius="lg" w="100%">
          <form ref={invalid.formRef} onSubmit={submit} noValidate>
            <Stack gap="md">
              <PageHeader title={t('createOrganization.title')} description={t('createOrganization.intro')} />
              <TextInput
                label={t('createOrganization.name')}
                required
                autoComplete="organization"
                {...form.getInputProps('name')}
              />
              <TextInput
                label={t('createOrganization.slug')}
                description={t('createOrganization.slugDescription', {
                  path: `/org/${form.values.slug || t('createOrganization.slugPlaceholder')}`,
                })}
                required
                {...slugInput}
                onChange={(event) => {
                  slugEdited.current = true;
                  slugInput.onChange(event);
                }}
              />
              <Group justify="space-between">
                {organizations.length > 0 ? (
                  <Anchor component={Link} to={paths.home()} size="sm">
                    {t('createOrganization.cancel')}
                  </Anchor>
                ) : (
                  <Anchor component={Link} to={paths.settings.invites()} size="sm">
                    {t('createOrganization.haveInvitation')}
                  </Anchor>
                )}
                <Button type="submit" loading={createOrganization.isPending}>
                  {t('switcher.create')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Center>
  );
}

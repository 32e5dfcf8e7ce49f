import {
  can,
  LoadFailed,
  notifyError,
  PageHeader,
  PageSkeleton,
  paths,
  schemaResolverInLanguage,
  useCurrentOrganization,
  useFocusFirstInvalid,
  useT,
} from '@dash/shared';
import { useProvidersQuery, ZStartOnboardingRequest } from '@dash/shared/api';
import { Anchor, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { choices } from '../../../components/choices';
import { useStartOnboardingMutation } from '../api/start-onboarding';

function OnboardForm() {
  const { t } = useT('rails');
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const providers = useProvidersQuery(organization.uid);
  const start = useStartOnboardingMutation(organization.uid);
  const form = useForm({
    mode: 'controlled',
    initialValues: { providerUid: search.get('providerUid') ?? '' },
    validate: schemaResolverInLanguage(ZStartOnboardingRequest),
  });
  const invalid = useFocusFirstInvalid();

  if (providers.isPending) return <PageSkeleton rows={2} label={t('loading.providers')} />;
  if (providers.isError) return <LoadFailed error={providers.error} onRetry={() => providers.refetch()} />;
  const open = providers.data.filter((provider) => provider.onboardingOpen);

  const submit = form.onSubmit(
    (values) =>
      start.mutate(values, {
        onSuccess: (account) =>
          navigate(paths.org.openStable.provider(organization.slug, account.provider.uid)),
        onError: (error) => {
          if (!invalid.applyServerFieldErrors(form, error)) notifyError(error);
        },
      }),
    invalid.onValidationErrors,
  );

  return (
    <form ref={invalid.formRef} onSubmit={submit} noValidate aria-label={t('onboard.formLabel')}>
      <Stack gap="md">
        {/* A native select (type-ahead, the phone's own picker); it starts on "Choose a provider",
            which cannot be chosen back, and shows it for a provider of the address that is not
            open (choices). */}
        <NativeSelect
          label={t('common.provider')}
          required
          {...form.getInputProps('providerUid')}
          {...choices(
            form.values.providerUid,
            open.map((provider) => ({
              value: provider.uid,
              label: `${provider.name} (${provider.fiat.map((fiat) => `${fiat.currency}/${fiat.rail}`).join(', ')})`,
            })),
            t('onboard.providerPlaceholder'),
          )}
        />
        <Text size="sm" c="dimmed">
          {t('onboard.kybNotice')}
        </Text>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.org.openStable.root(organization.slug)} size="sm">
            {t('common.cancel')}
          </Anchor>
          <Button type="submit" loading={start.isPending}>
            {t('onboard.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /org/{org}/open-stable/onboard: Admins and Editors; a Viewer goes to the organization root (spec section 2). */
export default function OnboardPage() {
  const { t } = useT('rails');
  const organization = useCurrentOrganization();
  if (!can(organization.role, 'openStable.onboard')) {
    return <Navigate to={paths.org.root(organization.slug)} replace />;
  }
  return (
    <Stack gap="md" maw={560}>
      <PageHeader title={t('onboard.title')} description={t('onboard.description')} />
      <OnboardForm />
    </Stack>
  );
}

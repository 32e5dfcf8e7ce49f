import {
  applyServerFieldErrors,
  can,
  LoadFailed,
  notifyError,
  PageSkeleton,
  paths,
  useCurrentOrganization,
  useProvidersQuery,
  useStartOnboardingMutation,
  ZStartOnboardingRequest,
} from '@dash/shared';
import { Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';

function OnboardForm() {
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const providers = useProvidersQuery(organization.uid);
  const start = useStartOnboardingMutation(organization.uid);
  const form = useForm({
    mode: 'controlled',
    initialValues: { providerUid: search.get('providerUid') ?? '' },
    validate: schemaResolver(ZStartOnboardingRequest, { sync: true }),
  });

  if (providers.isPending) return <PageSkeleton rows={2} label="Loading providers" />;
  if (providers.isError) return <LoadFailed error={providers.error} onRetry={() => providers.refetch()} />;
  const open = providers.data.filter((provider) => provider.onboardingOpen);

  const submit = form.onSubmit((values) =>
    start.mutate(values, {
      onSuccess: (account) =>
        navigate(paths.org.openStable.provider(organization.slug, account.provider.uid)),
      onError: (error) => {
        if (!applyServerFieldErrors(form, error)) notifyError(error);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Start onboarding">
      <Stack gap="md">
        <Select
          label="Provider"
          placeholder="Choose a provider"
          required
          data={open.map((provider) => ({
            value: provider.uid,
            label: `${provider.name} (${provider.fiat.map((fiat) => `${fiat.currency}/${fiat.rail}`).join(', ')})`,
          }))}
          {...form.getInputProps('providerUid')}
          value={form.values.providerUid || null}
          onChange={(value) => form.setFieldValue('providerUid', value ?? '')}
        />
        <Text size="sm" c="dimmed">
          We send your organization's approved KYB data to the provider. It reviews it and tells us the
          outcome.
        </Text>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.org.openStable.root(organization.slug)} size="sm">
            Cancel
          </Anchor>
          <Button type="submit" loading={start.isPending}>
            Confirm and start onboarding
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /org/{org}/open-stable/onboard: Admins and Editors; a Viewer goes to the organization root (spec section 2). */
export default function OnboardPage() {
  const organization = useCurrentOrganization();
  if (!can(organization.role, 'openStable.onboard')) {
    return <Navigate to={paths.org.root(organization.slug)} replace />;
  }
  return (
    <Stack gap="md" maw={560}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Onboard
        </Title>
        <Text c="dimmed">Start onboarding with a stablecoin provider.</Text>
      </Stack>
      <OnboardForm />
    </Stack>
  );
}

import {
  can,
  LoadFailed,
  ONBOARDING_CLOSED_MESSAGE,
  PageSkeleton,
  PERMISSION_DENIED_MESSAGE,
  paths,
  useCurrentOrganization,
  useProviderAccountQuery,
  useProviderQuery,
} from '@dash/shared';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { AccountStatusBadge } from '../../providers/components/AccountStatusBadge';
import { ProviderAvatar } from '../../providers/components/ProviderAvatar';
import { ProviderOffer } from '../../providers/components/ProviderOffer';

/** /org/{org}/explore/{providerUid}: one provider, and where to start onboarding with it. */
export default function ProviderPage() {
  const organization = useCurrentOrganization();
  const { providerUid = '' } = useParams();
  const provider = useProviderQuery(organization.uid, providerUid);
  const account = useProviderAccountQuery(organization.uid, providerUid);

  if (provider.isPending) return <PageSkeleton rows={6} label="Loading provider" />;
  if (provider.isError) return <LoadFailed error={provider.error} onRetry={() => provider.refetch()} />;

  const mayOnboard = can(organization.role, 'openStable.onboard');
  const reason = !mayOnboard
    ? PERMISSION_DENIED_MESSAGE['openStable.onboard']
    : !provider.data.onboardingOpen
      ? ONBOARDING_CLOSED_MESSAGE
      : null;

  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={paths.org.explore.root(organization.slug)} size="sm">
        Back to providers
      </Anchor>
      <Group gap="md">
        <ProviderAvatar name={provider.data.name} logoUrl={provider.data.logoUrl} size="lg" />
        <Title order={1} size="h2">
          {provider.data.name}
        </Title>
      </Group>
      <Text>{provider.data.description}</Text>
      <Paper withBorder p="md">
        <ProviderOffer provider={provider.data} />
      </Paper>
      {account.data ? (
        <Group gap="sm">
          <Text size="sm">Your account:</Text>
          <AccountStatusBadge status={account.data.status} />
          <Anchor
            component={Link}
            to={paths.org.openStable.provider(organization.slug, providerUid)}
            size="sm"
          >
            View onboarding
          </Anchor>
        </Group>
      ) : (
        <Stack gap={4} align="flex-start">
          {reason ? (
            <Button disabled aria-describedby="onboarding-unavailable">
              Start onboarding
            </Button>
          ) : (
            <Button
              component={Link}
              to={`${paths.org.openStable.onboard(organization.slug)}?providerUid=${encodeURIComponent(providerUid)}`}
            >
              Start onboarding
            </Button>
          )}
          {reason ? (
            <Text size="sm" c="dimmed" id="onboarding-unavailable">
              {reason}
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}

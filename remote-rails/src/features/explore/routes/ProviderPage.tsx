import { can, LoadFailed, PageHeader, PageSkeleton, paths, useCurrentOrganization, useT } from '@dash/shared';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useProviderAccountQuery } from '../../providers/api/get-provider-account';
import { AccountStatusBadge } from '../../providers/components/AccountStatusBadge';
import { ProviderAvatar } from '../../providers/components/ProviderAvatar';
import { ProviderOffer } from '../../providers/components/ProviderOffer';
import { useProviderQuery } from '../api/get-provider';

/** /org/{org}/explore/{providerUid}: one provider, and where to start onboarding with it. */
export default function ProviderPage() {
  const { t } = useT('rails');
  const organization = useCurrentOrganization();
  const { providerUid = '' } = useParams();
  const provider = useProviderQuery(organization.uid, providerUid);
  const account = useProviderAccountQuery(organization.uid, providerUid);

  if (provider.isPending) return <PageSkeleton rows={6} label={t('loading.provider')} />;
  if (provider.isError) return <LoadFailed error={provider.error} onRetry={() => provider.refetch()} />;

  const mayOnboard = can(organization.role, 'openStable.onboard');
  const reason = !mayOnboard
    ? t('common.onboardDenied')
    : !provider.data.onboardingOpen
      ? t('explore.onboardingClosedReason')
      : null;

  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={paths.org.explore.root(organization.slug)} size="sm">
        {t('explore.backToProviders')}
      </Anchor>
      <PageHeader
        title={provider.data.name}
        leading={<ProviderAvatar name={provider.data.name} logoUrl={provider.data.logoUrl} size="lg" />}
      />
      <Text>{provider.data.description}</Text>
      <Paper withBorder p="md">
        <ProviderOffer provider={provider.data} />
      </Paper>
      {account.data ? (
        <Group gap="sm">
          <Text size="sm">{t('explore.yourAccount')}</Text>
          <AccountStatusBadge status={account.data.status} />
          <Anchor
            component={Link}
            to={paths.org.openStable.provider(organization.slug, providerUid)}
            size="sm"
          >
            {t('explore.viewOnboarding')}
          </Anchor>
        </Group>
      ) : (
        <Stack gap={4} align="flex-start">
          {reason ? (
            <Button disabled aria-describedby="onboarding-unavailable">
              {t('explore.startOnboarding')}
            </Button>
          ) : (
            <Button
              component={Link}
              to={`${paths.org.openStable.onboard(organization.slug)}?providerUid=${encodeURIComponent(providerUid)}`}
            >
              {t('explore.startOnboarding')}
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

import {
  LoadFailed,
  PageHeader,
  PageSkeleton,
  paths,
  useCurrentOrganization,
  useSearchUpdate,
  useT,
} from '@dash/shared';
import { FIAT_CURRENCIES, useProvidersQuery } from '@dash/shared/api';
import { Badge, Card, Group, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProviderAvatar } from '../../providers/components/ProviderAvatar';
import { ProviderOffer } from '../../providers/components/ProviderOffer';
import { EXPLORE_NETWORK_OPTIONS, readExploreFilters } from '../explore-filters';

const ALL = 'all';

/** /org/{org}/explore: the provider catalogue, filtered by currency and network (kept in the URL). */
export default function ExplorePage() {
  const { t } = useT('rails');
  const organization = useCurrentOrganization();
  const [search, updateSearch] = useSearchUpdate();
  const filters = readExploreFilters(search);
  const providers = useProvidersQuery(organization.uid, filters);

  // Committed at once (flushSync): the next choice, a key press away on a native select, starts
  // from this one's address and shows it (a deferred one was undone by the next, or by the select
  // showing its old value in between).
  const setFilter = (name: 'currency' | 'network', value: string | null) =>
    updateSearch(
      (next) => {
        if (value && value !== ALL) next.set(name, value);
        else next.delete(name);
      },
      { replace: true, flushSync: true },
    );

  let content: ReactNode;
  if (providers.isPending) content = <PageSkeleton rows={6} label={t('loading.providers')} />;
  else if (providers.isError)
    content = <LoadFailed error={providers.error} onRetry={() => providers.refetch()} />;
  else if (providers.data.length === 0) content = <Text c="dimmed">{t('explore.noMatch')}</Text>;
  else
    content = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {providers.data.map((provider) => (
          <Card key={provider.uid} withBorder padding="lg" component="article" aria-label={provider.name}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <ProviderAvatar name={provider.name} logoUrl={provider.logoUrl} />
                  <Text
                    fw={600}
                    component={Link}
                    to={paths.org.explore.provider(organization.slug, provider.uid)}
                  >
                    {provider.name}
                  </Text>
                </Group>
                <Badge color={provider.onboardingOpen ? 'teal' : 'gray'} variant="light" tt="none">
                  {provider.onboardingOpen ? t('explore.onboardingOpen') : t('explore.onboardingClosed')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {provider.description}
              </Text>
              <ProviderOffer provider={provider} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="md">
      <PageHeader title={t('explore.title')} description={t('explore.description')} />
      <Group gap="md" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="explore-currency-label">
            {t('common.currency')}
          </Text>
          <SegmentedControl
            aria-labelledby="explore-currency-label"
            value={filters.currency ?? ALL}
            onChange={(value) => setFilter('currency', value)}
            data={[
              { value: ALL, label: t('common.all') },
              ...FIAT_CURRENCIES.map((currency) => ({ value: currency, label: currency })),
            ]}
          />
        </Stack>
        {/* A native select: type-ahead finds a network, "All networks" (the empty value) clears it. */}
        <NativeSelect
          label={t('common.network')}
          value={filters.network ?? ''}
          onChange={(event) => setFilter('network', event.currentTarget.value)}
          data={[{ value: '', label: t('explore.allNetworks') }, ...EXPLORE_NETWORK_OPTIONS]}
          w={240}
        />
      </Group>
      {content}
    </Stack>
  );
}

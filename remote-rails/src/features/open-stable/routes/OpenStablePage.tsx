import {
  can,
  formatDate,
  LoadFailed,
  PageSkeleton,
  paths,
  useCurrentOrganization,
  useProviderAccountsQuery,
} from '@dash/shared';
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AccountStatusBadge } from '../../providers/components/AccountStatusBadge';
import { ProviderAvatar } from '../../providers/components/ProviderAvatar';
import { useProviderAccountEvents } from '../hooks/useProviderAccountEvents';

/** /org/{org}/open-stable: the organization's accounts with providers and their status. */
export default function OpenStablePage() {
  const organization = useCurrentOrganization();
  const pollInterval = useProviderAccountEvents(organization.uid);
  const accounts = useProviderAccountsQuery(organization.uid, { refetchInterval: pollInterval });
  const mayOnboard = can(organization.role, 'openStable.onboard');

  let content: ReactNode;
  if (accounts.isPending) content = <PageSkeleton rows={3} label="Loading provider accounts" />;
  else if (accounts.isError)
    content = <LoadFailed error={accounts.error} onRetry={() => accounts.refetch()} />;
  else if (accounts.data.length === 0)
    content = (
      <Paper withBorder p="lg">
        <Stack gap="sm" align="flex-start">
          <Text fw={500}>No provider accounts yet.</Text>
          <Text size="sm" c="dimmed">
            Find a provider that serves your currencies and networks, then start onboarding with it.
          </Text>
          <Button component={Link} to={paths.org.explore.root(organization.slug)} variant="light">
            Explore providers
          </Button>
        </Stack>
      </Paper>
    );
  else
    content = (
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label="Provider accounts" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Provider</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.data.map((account) => (
              <Table.Tr key={account.uid}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <ProviderAvatar
                      name={account.provider.name}
                      logoUrl={account.provider.logoUrl}
                      size="sm"
                    />
                    <Anchor
                      component={Link}
                      to={paths.org.openStable.provider(organization.slug, account.provider.uid)}
                      size="sm"
                    >
                      {account.provider.name}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <AccountStatusBadge status={account.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(account.updatedAt)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Open Stable
          </Title>
          <Text c="dimmed">Onboard your organization with stablecoin providers.</Text>
        </Stack>
        {mayOnboard ? (
          <Button component={Link} to={paths.org.openStable.onboard(organization.slug)}>
            Start onboarding
          </Button>
        ) : null}
      </Group>
      {content}
    </Stack>
  );
}

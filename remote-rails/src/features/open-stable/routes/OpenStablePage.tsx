import {
  can,
  formatDate,
  LoadFailed,
  PageHeader,
  PageSkeleton,
  paths,
  useCurrentOrganization,
  useT,
} from '@dash/shared';
import { Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useProviderAccountsQuery } from '../../providers/api/get-provider-accounts';
import { AccountStatusBadge } from '../../providers/components/AccountStatusBadge';
import { ProviderAvatar } from '../../providers/components/ProviderAvatar';
import { useProviderAccountEvents } from '../hooks/useProviderAccountEvents';

/** /org/{org}/open-stable: the organization's accounts with providers and their status. */
export default function OpenStablePage() {
  const { t } = useT('rails');
  const organization = useCurrentOrganization();
  const pollInterval = useProviderAccountEvents(organization.uid);
  const accounts = useProviderAccountsQuery(organization.uid, { refetchInterval: pollInterval });
  const mayOnboard = can(organization.role, 'openStable.onboard');

  let content: ReactNode;
  if (accounts.isPending) content = <PageSkeleton rows={3} label={t('loading.providerAccounts')} />;
  else if (accounts.isError)
    content = <LoadFailed error={accounts.error} onRetry={() => accounts.refetch()} />;
  else if (accounts.data.length === 0)
    content = (
      <Paper withBorder p="lg">
        <Stack gap="sm" align="flex-start">
          <Text fw={500}>{t('openStable.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('openStable.emptyText')}
          </Text>
          <Button component={Link} to={paths.org.explore.root(organization.slug)} variant="light">
            {t('openStable.explore')}
          </Button>
        </Stack>
      </Paper>
    );
  else
    content = (
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label={t('openStable.table')} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('common.provider')}</Table.Th>
              <Table.Th>{t('common.status')}</Table.Th>
              <Table.Th>{t('openStable.updated')}</Table.Th>
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
      <PageHeader
        title={t('openStable.title')}
        description={t('openStable.description')}
        actions={
          mayOnboard ? (
            <Button component={Link} to={paths.org.openStable.onboard(organization.slug)}>
              {t('openStable.start')}
            </Button>
          ) : null
        }
      />
      {content}
    </Stack>
  );
}

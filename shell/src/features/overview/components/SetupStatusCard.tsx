import { paths, useCurrentOrganization, useT } from '@dash/shared';
import type { TOverview } from '@dash/shared/api';
import { Anchor, Badge, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const ACCOUNT_COLORS = {
  Active: 'teal',
  Pending: 'yellow',
  Submitting: 'yellow',
  Rejected: 'red',
  Failed: 'red',
};
const WALLET_COLORS = { deployed: 'teal', deploying: 'yellow', undeployed: 'gray', failed: 'red' };

/** The provider accounts and the multi-signature wallet: each status in words, with the next step's link. */
export function SetupStatusCard({ overview }: { overview: TOverview }) {
  const organization = useCurrentOrganization();
  const { t } = useT('overview');
  const org = organization.slug;
  const { wallet } = overview;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="overview-setup">
      <Title order={2} size="h4" id="overview-setup">
        {t('providers.title')}
      </Title>
      {overview.providerAccounts.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('providers.none')}{' '}
          <Anchor component={Link} to={paths.org.openStable.root(org)} fw={600}>
            {t('providers.start')}
          </Anchor>
        </Text>
      ) : (
        <Stack component="ul" gap={6} mt="xs" p={0} style={{ listStyle: 'none' }}>
          {overview.providerAccounts.map((account) => (
            <Group component="li" key={account.provider.uid} gap="xs">
              <Text size="sm" fw={600}>
                {account.provider.name}
              </Text>
              <Badge variant="light" color={ACCOUNT_COLORS[account.status]}>
                {t(`providers.status.${account.status}`)}
              </Badge>
              <Anchor
                component={Link}
                size="sm"
                to={
                  account.status === 'Active'
                    ? paths.org.rails.onRamp(org, { providerUid: account.provider.uid })
                    : paths.org.openStable.provider(org, account.provider.uid)
                }
              >
                {t(`providers.next.${account.status}`)}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
      <Title order={2} size="h4" mt="lg">
        {t('wallet.title')}
      </Title>
      <Group gap="xs" mt="xs">
        <Badge variant="light" color={WALLET_COLORS[wallet.status]}>
          {t(`wallet.status.${wallet.status}`)}
        </Badge>
        <Text size="sm">{t('wallet.signers', { ready: wallet.readySigners, count: wallet.signers })}</Text>
        {wallet.threshold ? (
          <Text size="sm">{t('wallet.quorum', { threshold: wallet.threshold, count: wallet.signers })}</Text>
        ) : null}
      </Group>
      {wallet.address ? (
        <Text size="sm" mt={4}>
          {t('wallet.address')} <Code>{wallet.address}</Code>
        </Text>
      ) : null}
      <Anchor component={Link} to={paths.org.wallet.root(org)} size="sm" fw={600} mt="xs" display="block">
        {t(`wallet.next.${wallet.status}`)}
      </Anchor>
    </Card>
  );
}

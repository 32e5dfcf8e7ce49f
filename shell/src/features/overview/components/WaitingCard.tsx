import { paths, useCurrentOrganization, useT } from '@dash/shared';
import type { TOverview } from '@dash/shared/api';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** What waits for the reader, each count a link to where it is handled. */
export function WaitingCard({ waiting }: { waiting: TOverview['waiting'] }) {
  const organization = useCurrentOrganization();
  const { t } = useT('overview');
  const items = [
    {
      key: 'approvals',
      count: waiting.approvals,
      to: paths.org.rails.transactions(organization.slug, { waitingFor: 'me' }),
    },
    { key: 'signatures', count: waiting.signatures, to: paths.org.wallet.root(organization.slug) },
    { key: 'unread', count: waiting.unreadConversations, to: paths.org.messages(organization.slug) },
    { key: 'invitations', count: waiting.invitations, to: paths.settings.invites() },
  ].filter((item) => item.count > 0);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="overview-waiting">
      <Title order={2} size="h4" id="overview-waiting">
        {t('waiting.title')}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" mt="sm">
          {t('waiting.nothing')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" mt="sm" p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <li key={item.key}>
              <Anchor component={Link} to={item.to} size="sm" fw={600}>
                {t(`waiting.${item.key}`, { count: item.count })}
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

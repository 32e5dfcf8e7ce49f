import {
  can,
  formatDate,
  LoadFailed,
  PageHeader,
  PageSkeleton,
  paths,
  useCurrentOrganization,
  useT,
  wordCoded,
} from '@dash/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useProviderAccountQuery } from '../../providers/api/get-provider-account';
import { AccountStatusBadge } from '../../providers/components/AccountStatusBadge';
import { ProviderAvatar } from '../../providers/components/ProviderAvatar';
import { useProviderAccountEvents } from '../hooks/useProviderAccountEvents';

/** /org/{org}/open-stable/{providerUid}: the account with one provider, live from the event stream. */
export default function ProviderAccountPage() {
  const { t } = useT('rails');
  const organization = useCurrentOrganization();
  const { providerUid = '' } = useParams();
  const pollInterval = useProviderAccountEvents(organization.uid);
  const account = useProviderAccountQuery(organization.uid, providerUid, { refetchInterval: pollInterval });

  if (account.isPending) return <PageSkeleton rows={3} label={t('loading.providerAccount')} />;
  if (account.isError) return <LoadFailed error={account.error} onRetry={() => account.refetch()} />;
  const back = (
    <Anchor component={Link} to={paths.org.openStable.root(organization.slug)} size="sm">
      {t('openStable.back')}
    </Anchor>
  );
  if (!account.data) {
    return (
      <Stack gap="md">
        {back}
        {/* The page's heading: what there is to say about this provider. */}
        <Text component="h1" size="md" fw={400}>
          {t('openStable.noAccount')}
        </Text>
        <Button
          component={Link}
          to={paths.org.explore.provider(organization.slug, providerUid)}
          variant="light"
          w="fit-content"
        >
          {t('openStable.seeProvider')}
        </Button>
      </Stack>
    );
  }
  const { provider, status, reason, reasonCode, requirements } = account.data;
  const mayRestart = status === 'Failed' && can(organization.role, 'openStable.onboard');

  return (
    <Stack gap="md" maw={760}>
      {back}
      <PageHeader
        title={provider.name}
        leading={<ProviderAvatar name={provider.name} logoUrl={provider.logoUrl} size="lg" />}
      />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="sm">
            <Text fw={500}>{t('common.status')}</Text>
            <AccountStatusBadge status={status} />
          </Group>
          <Text size="sm" role="status">
            {/* Still Pending, but waiting on the organization: what the provider asks for, and where to answer. */}
            {status === 'Pending' && requirements.length > 0
              ? t('openStable.explanation.PendingWithRequirements')
              : t(`openStable.explanation.${status}`)}
          </Text>
          {reason ? (
            <Text size="sm">
              <Text span fw={500}>
                {t('openStable.reason')}
              </Text>{' '}
              {/* The API's own reasons in the reader's language; a provider's words as it wrote them. */}
              {wordCoded(reasonCode, reason)}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('openStable.dates', {
              started: formatDate(account.data.createdAt),
              updated: formatDate(account.data.updatedAt),
            })}
          </Text>
        </Stack>
      </Paper>
      {requirements.length > 0 ? (
        <Alert color="yellow" variant="light" title={t('openStable.requirements')}>
          <Stack gap={4} component="ul" m={0} pl="md">
            {requirements.map((requirement) => (
              <Text component="li" size="sm" key={requirement.code}>
                {requirement.description}
              </Text>
            ))}
          </Stack>
          {status === 'Pending' ? (
            <Anchor
              component={Link}
              to={paths.org.messages(organization.slug)}
              size="sm"
              mt="xs"
              display="inline-block"
            >
              {t('openStable.toMessages')}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
      {mayRestart ? (
        <Button
          component={Link}
          to={`${paths.org.openStable.onboard(organization.slug)}?providerUid=${encodeURIComponent(provider.uid)}`}
          w="fit-content"
        >
          {t('openStable.startAgain')}
        </Button>
      ) : null}
    </Stack>
  );
}

import { PageHeader, useCurrentOrganization, useDocumentTitle, useSession, useT } from '@dash/shared';
import { useOverviewQuery } from '@dash/shared/api';
import { Alert, Badge, Button, SimpleGrid, Stack } from '@mantine/core';
import { Suspense } from 'react';
import '../i18n';
import { BalancesCard } from '../components/BalancesCard';
import { GettingStartedChecklist } from '../components/GettingStartedChecklist';
import { KybStatusCard } from '../components/KybStatusCard';
import { LatestTransactionsCard } from '../components/LatestTransactionsCard';
import { OverviewSkeleton } from '../components/OverviewSkeleton';
import { SetupStatusCard } from '../components/SetupStatusCard';
import { VolumeCard } from '../components/VolumeCard';
import { WaitingCard } from '../components/WaitingCard';

/** /org/{org}: what a treasurer checks first each morning, from one read (GET organizations/{uid}/overview). */
export function OverviewPage() {
  return (
    <Suspense fallback={<OverviewSkeleton />}>
      <Overview />
    </Suspense>
  );
}

function Overview() {
  const organization = useCurrentOrganization();
  const { user } = useSession();
  const { t } = useT('overview');
  // Its heading is the organization's name.
  useDocumentTitle(organization.name);
  const overview = useOverviewQuery(organization.uid, user.uid);
  const approved = organization.approvalStatus === 'Approved';

  return (
    <Stack gap="lg">
      <PageHeader
        title={organization.name}
        badge={
          <>
            <Badge variant="light">{t(`roles.${organization.role}`)}</Badge>
            <Badge variant="outline" color={approved ? 'teal' : 'yellow'}>
              {t('approval.label', { status: t(`approval.${organization.approvalStatus}`) })}
            </Badge>
          </>
        }
      />
      {overview.isPending ? (
        <OverviewSkeleton />
      ) : overview.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('page.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void overview.refetch()}>
            {t('page.retry')}
          </Button>
        </Alert>
      ) : !approved || !overview.data.hasTransfers ? (
        // An empty organization: the steps to take instead of empty cards.
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <KybStatusCard kyb={overview.data.kyb} />
            <WaitingCard waiting={overview.data.waiting} />
          </SimpleGrid>
          <GettingStartedChecklist checklist={overview.data.checklist} />
        </Stack>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <BalancesCard balances={overview.data.balances} />
            <WaitingCard waiting={overview.data.waiting} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <KybStatusCard kyb={overview.data.kyb} />
            <SetupStatusCard overview={overview.data} />
          </SimpleGrid>
          <LatestTransactionsCard transfers={overview.data.latestTransactions} />
          <VolumeCard volume={overview.data.volume} />
        </Stack>
      )}
    </Stack>
  );
}

import { useT } from '@dash/shared';
import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { Suspense } from 'react';

function Cards({ label }: { label?: string }) {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={label}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {['balances', 'waiting', 'status', 'wallet'].map((card) => (
          <Card key={card} withBorder padding="lg">
            <Skeleton height={18} width="40%" mb="md" />
            <Skeleton height={14} mb="xs" />
            <Skeleton height={14} mb="xs" />
            <Skeleton height={14} width="70%" />
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Skeleton height={18} width="30%" mb="md" />
        <Skeleton height={160} />
      </Card>
    </Stack>
  );
}

function TranslatedCards() {
  const { t } = useT('overview');
  return <Cards label={t('page.loading')} />;
}

/** The overview's shape while it loads (the messages themselves may still be loading: no label then). */
export function OverviewSkeleton() {
  return (
    <Suspense fallback={<Cards />}>
      <TranslatedCards />
    </Suspense>
  );
}

import { paths, useCurrentOrganization, useFormat, useT } from '@dash/shared';
import type { TOverview } from '@dash/shared/api';
import { Anchor, Box, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { fiatCurrencies, volumeTotals } from '../volume-series';

// The chart library is loaded only when this card shows, in its own chunk.
const VolumeChart = lazy(() => import('./VolumeChart'));

/** 30 days of completed transfers by direction and currency: a chart per currency, and the same figures as a table. */
export function VolumeCard({ volume }: { volume: TOverview['volume'] }) {
  const organization = useCurrentOrganization();
  const { t } = useT('overview');
  const format = useFormat();
  const totals = volumeTotals(volume);
  const org = organization.slug;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="overview-volume">
      <Title order={2} size="h4" id="overview-volume">
        {t('volume.title')}
      </Title>
      {totals.length === 0 ? (
        <Text size="sm" mt="sm">
          {t('volume.empty')}
        </Text>
      ) : (
        <Stack gap="md" mt="sm">
          {fiatCurrencies(volume).map((currency) => {
            const summary = totals
              .filter((total) => total.currency === currency)
              .map((total) =>
                t('volume.summaryItem', {
                  type: t(`types.${total.type}`),
                  amount: format.money(total.amount, currency),
                }),
              )
              .join(', ');
            return (
              <Box key={currency}>
                <Text size="sm">{t('volume.caption', { currency })}</Text>
                <Suspense
                  fallback={<Skeleton height={200} role="status" aria-label={t('volume.loadingChart')} />}
                >
                  <VolumeChart
                    volume={volume}
                    currency={currency}
                    label={t('volume.chartLabel', {
                      currency,
                      from: format.date(`${volume.from}T12:00:00Z`),
                      to: format.date(`${volume.to}T12:00:00Z`),
                      summary,
                    })}
                  />
                </Suspense>
              </Box>
            );
          })}
          <details>
            <summary>
              <Text span size="sm" fw={600}>
                {t('volume.table')}
              </Text>
            </summary>
            <Table mt="xs" aria-labelledby="overview-volume">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('volume.direction')}</Table.Th>
                  <Table.Th>{t('volume.currency')}</Table.Th>
                  <Table.Th ta="end">{t('volume.total')}</Table.Th>
                  <Table.Th ta="end">{t('volume.transfers')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {totals.map((total) => {
                  const amount = format.money(total.amount, total.currency);
                  const type = t(`types.${total.type}`);
                  return (
                    <Table.Tr key={`${total.type}-${total.currency}`}>
                      <Table.Td>{type}</Table.Td>
                      <Table.Td>{total.currency}</Table.Td>
                      <Table.Td ta="end">
                        <Anchor
                          component={Link}
                          to={paths.org.rails.transactions(org, {
                            type: total.type,
                            currency: total.currency,
                            status: 'completed',
                            from: volume.from,
                            to: volume.to,
                          })}
                          aria-label={t('volume.link', { amount, type, currency: total.currency })}
                        >
                          {amount}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="end">{format.number(String(total.count))}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </details>
        </Stack>
      )}
    </Card>
  );
}

import { paths, useCurrentOrganization, useFormat, useT } from '@dash/shared';
import type { TTransferSummary } from '@dash/shared/api';
import { Anchor, Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const STATUS_COLORS: Record<TTransferSummary['status'], string> = {
  awaiting_approval: 'yellow',
  awaiting_funds: 'yellow',
  funds_received: 'blue',
  payment_submitted: 'blue',
  completed: 'teal',
  failed: 'red',
  returned: 'red',
  canceled: 'gray',
};

/** The five newest transfers, each opening its detail; the fiat side's amount. */
export function LatestTransactionsCard({ transfers }: { transfers: TTransferSummary[] }) {
  const organization = useCurrentOrganization();
  const { t } = useT('overview');
  const format = useFormat();
  const org = organization.slug;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="overview-latest">
      <Group justify="space-between">
        <Title order={2} size="h4" id="overview-latest">
          {t('latest.title')}
        </Title>
        <Anchor component={Link} to={paths.org.rails.transactions(org)} size="sm" fw={600}>
          {t('latest.all')}
        </Anchor>
      </Group>
      {transfers.length === 0 ? (
        <Text size="sm" mt="sm">
          {t('latest.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table mt="sm" aria-labelledby="overview-latest">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('latest.date')}</Table.Th>
                <Table.Th>{t('latest.type')}</Table.Th>
                <Table.Th ta="end">{t('latest.amount')}</Table.Th>
                <Table.Th>{t('latest.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {transfers.map((transfer) => {
                const date = format.dateTime(transfer.createdAt);
                const type = t(`types.${transfer.type}`);
                const fiatIsSource = transfer.type !== 'off_ramp';
                return (
                  <Table.Tr key={transfer.uid}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={paths.org.rails.transaction(org, transfer.uid)}
                        aria-label={t('latest.open', { type, date })}
                        size="sm"
                      >
                        {date}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{type}</Table.Td>
                    <Table.Td ta="end">
                      {fiatIsSource
                        ? format.money(transfer.sourceAmount, transfer.sourceCurrency)
                        : format.money(transfer.targetAmount, transfer.targetCurrency)}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLORS[transfer.status]}>
                        {t(`statuses.${transfer.status}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

import { useFormat, useT } from '@dash/shared';
import { Table, Text, Title } from '@mantine/core';
import type { HoldingsState } from './OnChainAmount';

/**
 * Where the ledger and the chain disagree: each registered wallet and token with the ledger's
 * posted amount, the chain's (at its block) and the difference; a sentence when they agree.
 */
export function ReconciliationList({ holdings }: { holdings: HoldingsState }) {
  const { t } = useT('overview');
  const format = useFormat();
  if (holdings.status !== 'success') return null;
  const { reconciliation } = holdings.data;
  return (
    <>
      <Title order={3} size="h5" mt="md" id="overview-reconciliation">
        {t('reconciliation.title')}
      </Title>
      {reconciliation.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('reconciliation.agree')}
        </Text>
      ) : (
        <Table mt="xs" aria-labelledby="overview-reconciliation">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reconciliation.wallet')}</Table.Th>
              <Table.Th ta="end">{t('reconciliation.ledger')}</Table.Th>
              <Table.Th ta="end">{t('reconciliation.chain')}</Table.Th>
              <Table.Th ta="end">{t('reconciliation.difference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {reconciliation.map((row) => (
              <Table.Tr key={`${row.walletUid ?? 'safe'}-${row.symbol}`}>
                <Table.Td>
                  {t('reconciliation.walletToken', {
                    wallet: row.name ?? t('balances.safe'),
                    currency: row.symbol,
                  })}
                  <Text size="xs">{t('reconciliation.block', { block: format.number(row.block) })}</Text>
                </Table.Td>
                <Table.Td ta="end">{format.money(row.ledger, row.symbol)}</Table.Td>
                <Table.Td ta="end">{format.money(row.chain, row.symbol)}</Table.Td>
                <Table.Td ta="end">{format.money(row.difference, row.symbol)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

import { shortAddress, useFormat, useT } from '@dash/shared';
import { explorerTransactionUrl } from '@dash/shared/api';
import { Anchor, Table, Text, Title } from '@mantine/core';
import type { HoldingsState } from './OnChainAmount';

/** The section's id: the balances' "received on chain" rows link to it. */
export const INCOMING_SECTION_ID = 'overview-incoming';

/**
 * The latest tokens that reached the Safe or a registered wallet with no transfer to explain them,
 * as the API booked them to the ledger: when, to which wallet, from which address, how much, and
 * the transaction (linked to the network's explorer, except on a local dev chain).
 */
export function IncomingDepositsList({ holdings }: { holdings: HoldingsState }) {
  const { t } = useT('overview');
  const format = useFormat();
  if (holdings.status !== 'success') return null;
  const { incoming, networks } = holdings.data;
  const local = (network: string) =>
    networks.find((candidate) => candidate.network === network)?.local ?? false;
  return (
    <>
      <Title order={3} size="h5" mt="md" id={INCOMING_SECTION_ID}>
        {t('incoming.title')}
      </Title>
      <Text size="sm" mt={4}>
        {t('incoming.caption')}
      </Text>
      {incoming.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('incoming.empty')}
        </Text>
      ) : (
        <Table mt="xs" aria-labelledby={INCOMING_SECTION_ID}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('incoming.when')}</Table.Th>
              <Table.Th>{t('incoming.to')}</Table.Th>
              <Table.Th>{t('incoming.from')}</Table.Th>
              <Table.Th ta="end">{t('incoming.amount')}</Table.Th>
              <Table.Th>{t('incoming.transaction')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {incoming.map((deposit) => (
              <Table.Tr key={deposit.uid}>
                <Table.Td>{format.dateTime(deposit.bookedAt)}</Table.Td>
                <Table.Td>
                  {deposit.kind === 'safe' ? t('balances.safe') : (deposit.name ?? shortAddress(deposit.to))}
                </Table.Td>
                <Table.Td title={deposit.from}>{shortAddress(deposit.from)}</Table.Td>
                <Table.Td ta="end">{format.money(deposit.amount, deposit.symbol)}</Table.Td>
                <Table.Td title={deposit.txHash}>
                  {local(deposit.network) ? (
                    shortAddress(deposit.txHash)
                  ) : (
                    <Anchor
                      href={explorerTransactionUrl(deposit.network, deposit.txHash)}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {shortAddress(deposit.txHash)}
                    </Anchor>
                  )}
                  <Text size="xs">{t('incoming.block', { block: format.number(deposit.block) })}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

import { paths, type TOverview, useCurrentOrganization, useFormat, useT } from '@dash/shared';
import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** What the organization holds per currency and per registered wallet, from the ledger; each figure links to its source. */
export function BalancesCard({ balances }: { balances: TOverview['balances'] }) {
  const organization = useCurrentOrganization();
  const { t } = useT('overview');
  const format = useFormat();
  const org = organization.slug;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="overview-balances">
      <Title order={2} size="h4" id="overview-balances">
        {t('balances.title')}
      </Title>
      <Text size="sm" mt={4}>
        {t('balances.caption')}
      </Text>
      {balances.byCurrency.length === 0 ? (
        <Text size="sm" mt="sm">
          {t('balances.empty')}
        </Text>
      ) : (
        <>
          <Table mt="sm" aria-labelledby="overview-balances">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('balances.currency')}</Table.Th>
                <Table.Th ta="end">{t('balances.posted')}</Table.Th>
                <Table.Th ta="end">{t('balances.pending')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {balances.byCurrency.map((row) => {
                const amount = format.money(row.posted, row.currency);
                return (
                  <Table.Tr key={`${row.currency}-${row.fiatCurrency}`}>
                    <Table.Td>
                      {row.currency}{' '}
                      <Text span size="xs">
                        {t('balances.railValue', { currency: row.fiatCurrency })}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">
                      <Anchor
                        component={Link}
                        to={paths.org.rails.transactions(org, { currency: row.fiatCurrency })}
                        aria-label={t('balances.currencyLink', { amount, currency: row.fiatCurrency })}
                        fw={600}
                      >
                        {amount}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="end">{format.money(row.pending, row.currency)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Title order={3} size="h5" mt="md" id="overview-balances-wallets">
            {t('balances.byWallet')}
          </Title>
          <Table mt="xs" aria-labelledby="overview-balances-wallets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('balances.wallet')}</Table.Th>
                <Table.Th ta="end">{t('balances.posted')}</Table.Th>
                <Table.Th ta="end">{t('balances.pending')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {balances.byWallet.map((row) => {
                const amount = format.money(row.posted, row.currency);
                return (
                  <Table.Tr key={`${row.wallet?.uid ?? 'none'}-${row.currency}`}>
                    <Table.Td>{row.wallet ? row.wallet.name : t('balances.noWallet')}</Table.Td>
                    <Table.Td ta="end">
                      <Anchor
                        component={Link}
                        to={
                          row.wallet
                            ? paths.org.rails.blockchainWallets(org)
                            : paths.org.rails.transactions(org, { type: 'off_ramp' })
                        }
                        aria-label={t(row.wallet ? 'balances.walletLink' : 'balances.offRampLink', {
                          amount,
                        })}
                        fw={600}
                      >
                        {amount}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="end">{format.money(row.pending, row.currency)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Card>
  );
}

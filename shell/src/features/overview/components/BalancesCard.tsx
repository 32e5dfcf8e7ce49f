import { paths, useCurrentOrganization, useFormat, useT } from '@dash/shared';
import type { TOverview } from '@dash/shared/api';
import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One line of a balances table: what it is, its posted amount (a link to where it comes from) and what is under way. */
interface BalanceRow {
  key: string;
  label: ReactNode;
  currency: string;
  posted: string;
  pending: string;
  to: string;
  /** The link's accessible name, given the formatted amount. */
  linkLabel: (amount: string) => string;
}

/** What the organization holds per currency and per registered wallet, from the ledger; each figure links to its source. */
export function BalancesCard({ balances }: { balances: TOverview['balances'] }) {
  const organization = useCurrentOrganization();
  const { t } = useT('overview');
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
          <BalancesTable
            labelledBy="overview-balances"
            first={t('balances.currency')}
            mt="sm"
            rows={balances.byCurrency.map((row) => ({
              key: `${row.currency}-${row.fiatCurrency}`,
              label: (
                <>
                  {row.currency}{' '}
                  <Text span size="xs">
                    {t('balances.railValue', { currency: row.fiatCurrency })}
                  </Text>
                </>
              ),
              currency: row.currency,
              posted: row.posted,
              pending: row.pending,
              to: paths.org.rails.transactions(org, { currency: row.fiatCurrency }),
              linkLabel: (amount) => t('balances.currencyLink', { amount, currency: row.fiatCurrency }),
            }))}
          />
          <Title order={3} size="h5" mt="md" id="overview-balances-wallets">
            {t('balances.byWallet')}
          </Title>
          <BalancesTable
            labelledBy="overview-balances-wallets"
            first={t('balances.wallet')}
            mt="xs"
            rows={balances.byWallet.map((row) => {
              // A registered wallet; the wallets deleted since (their history); or what names no
              // wallet (off-ramps send from the organization's wallets as a whole).
              const [key, label, to, linkKey] = row.wallet
                ? [
                    row.wallet.uid,
                    row.wallet.name,
                    paths.org.rails.blockchainWallets(org),
                    'balances.walletLink',
                  ]
                : row.deletedWallets
                  ? [
                      'deleted',
                      t('balances.deletedWallets'),
                      paths.org.rails.transactions(org),
                      'balances.deletedWalletsLink',
                    ]
                  : [
                      'none',
                      t('balances.noWallet'),
                      paths.org.rails.transactions(org, { type: 'off_ramp' }),
                      'balances.offRampLink',
                    ];
              return {
                key: `${key}-${row.currency}`,
                label,
                currency: row.currency,
                posted: row.posted,
                pending: row.pending,
                to,
                linkLabel: (amount: string) => t(linkKey, { amount }),
              };
            })}
          />
        </>
      )}
    </Card>
  );
}

function BalancesTable({
  labelledBy,
  first,
  mt,
  rows,
}: {
  labelledBy: string;
  /** The first column's header. */
  first: string;
  mt: string;
  rows: BalanceRow[];
}) {
  const { t } = useT('overview');
  const format = useFormat();
  return (
    <Table mt={mt} aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{first}</Table.Th>
          <Table.Th ta="end">{t('balances.posted')}</Table.Th>
          <Table.Th ta="end">{t('balances.pending')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const amount = format.money(row.posted, row.currency);
          return (
            <Table.Tr key={row.key}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td ta="end">
                <Anchor component={Link} to={row.to} aria-label={row.linkLabel(amount)} fw={600}>
                  {amount}
                </Anchor>
              </Table.Td>
              <Table.Td ta="end">{format.money(row.pending, row.currency)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

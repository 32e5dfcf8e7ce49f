import { paths, useCurrentOrganization, useFormat, useT } from '@dash/shared';
import { type TOverview, useHoldingsQuery } from '@dash/shared/api';
import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { INCOMING_SECTION_ID, IncomingDepositsList } from './IncomingDepositsList';
import { type HoldingsState, OnChainAmount } from './OnChainAmount';
import { ReconciliationList } from './ReconciliationList';

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
  /** What the chain shows (per-wallet rows; empty for rows that name no wallet). */
  onChain?: ReactNode;
}

/**
 * What the organization holds per currency and per registered wallet, from the ledger, each figure
 * linking to its source; beside each wallet's, what the chain shows it holds, and where they differ.
 */
export function BalancesCard({ balances }: { balances: TOverview['balances'] }) {
  const organization = useCurrentOrganization();
  const { t } = useT('overview');
  const org = organization.slug;
  const query = useHoldingsQuery(organization.uid);
  const holdings: HoldingsState = query.data
    ? { status: 'success', data: query.data }
    : { status: query.isError ? 'error' : 'pending' };
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
            rows={balances.byCurrency.map(({ fiatCurrency, ...row }) => ({
              key: `${row.currency}-${fiatCurrency ?? 'chain'}`,
              label: (
                <>
                  {row.currency}{' '}
                  <Text span size="xs">
                    {fiatCurrency
                      ? t('balances.railValue', { currency: fiatCurrency })
                      : t('balances.receivedOnChain')}
                  </Text>
                </>
              ),
              currency: row.currency,
              posted: row.posted,
              pending: row.pending,
              // Tokens received on chain: the list of incoming deposits, below.
              to: fiatCurrency
                ? paths.org.rails.transactions(org, { currency: fiatCurrency })
                : `#${INCOMING_SECTION_ID}`,
              linkLabel: (amount) =>
                fiatCurrency
                  ? t('balances.currencyLink', { amount, currency: fiatCurrency })
                  : t('balances.incomingLink', { amount }),
            }))}
          />
          <Title order={3} size="h5" mt="md" id="overview-balances-wallets">
            {t('balances.byWallet')}
          </Title>
          <BalancesTable
            labelledBy="overview-balances-wallets"
            first={t('balances.wallet')}
            onChainHeader={t('onChain.header')}
            mt="xs"
            rows={balances.byWallet.map((row) => {
              // The Safe; a registered wallet; the wallets deleted since (their history); or what
              // names no wallet (off-ramps made before they named the wallet they were paid from).
              const [key, label, to, linkKey] = row.safe
                ? ['safe', t('balances.safe'), paths.org.wallet.root(org), 'balances.safeLink']
                : row.wallet
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
                onChain:
                  row.safe || row.wallet ? (
                    <OnChainAmount
                      holdings={holdings}
                      walletUid={row.wallet?.uid ?? null}
                      currency={row.currency}
                    />
                  ) : null,
              };
            })}
          />
          <ReconciliationList holdings={holdings} />
          <IncomingDepositsList holdings={holdings} />
        </>
      )}
    </Card>
  );
}

function BalancesTable({
  labelledBy,
  first,
  onChainHeader,
  mt,
  rows,
}: {
  labelledBy: string;
  /** The first column's header. */
  first: string;
  /** With it, a last column: what the chain shows. */
  onChainHeader?: string;
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
          {onChainHeader ? <Table.Th ta="end">{onChainHeader}</Table.Th> : null}
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
              {onChainHeader ? <Table.Td ta="end">{row.onChain}</Table.Td> : null}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

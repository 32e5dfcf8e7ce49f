import { type TFunction, useFormat, useT } from '@dash/shared';
import { type THoldingsNetwork, type TWallet, useHoldingsQuery } from '@dash/shared/api';
import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { chainName } from '../../../lib/wallet-display';

/**
 * What the deployed Safe holds of each token of each network it is on, as the API's watcher last read it
 * (refreshed by the holdings.updated event); "not watched" or "network unreachable" in words
 * instead of an amount it cannot know.
 */
export function SafeBalances({ organizationUid, wallet }: { organizationUid: string; wallet: TWallet }) {
  const { t } = useT('wallet');
  const format = useFormat();
  const holdings = useHoldingsQuery(organizationUid);
  const walletChain = chainName(wallet.chain, t);

  let body: ReactNode;
  if (holdings.isPending) body = <Text size="sm">{t('balances.loading')}</Text>;
  else if (holdings.isError && !holdings.data)
    body = (
      <Text size="sm">
        {t('balances.failed')}{' '}
        <Button size="compact-xs" variant="light" onClick={() => void holdings.refetch()}>
          {t('balances.retry')}
        </Button>
      </Text>
    );
  else {
    // The Safe on each network it is deployed on (the same address), else where it was first deployed.
    const safes = holdings.data.wallets.filter((candidate) => candidate.kind === 'safe');
    const shown = safes.length > 0 ? safes : [null];
    body = shown.map((safe) => {
      const deployment = wallet.networks?.find((candidate) => candidate.network === safe?.network);
      const chain = deployment ? chainName(deployment.chain, t) : walletChain;
      const network = holdings.data.networks.find((candidate) => candidate.network === safe?.network);
      const status = network?.status ?? 'unwatched';
      const headingId = `wallet-balances-${safe?.network ?? 'none'}`;
      return (
        <Stack key={headingId} gap={4} mt="xs">
          {safes.length > 1 ? (
            <Title order={4} size="h5" id={headingId}>
              {chain}
            </Title>
          ) : null}
          <Text size="sm" c="dimmed">
            {caption(network, status, chain, t, format)}
          </Text>
          {safe && safe.balances.length > 0 ? (
            <Table mt="xs" aria-labelledby={safes.length > 1 ? headingId : 'wallet-balances'}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('balances.token')}</Table.Th>
                  <Table.Th ta="end">{t('balances.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {safe.balances.map((balance) => (
                  <Table.Tr key={balance.symbol}>
                    <Table.Td>{balance.symbol}</Table.Td>
                    <Table.Td ta="end">
                      {status === 'unwatched'
                        ? t('balances.unwatched')
                        : status === 'unreachable'
                          ? t('balances.unreachable')
                          : balance.amount === null
                            ? t('balances.notRead')
                            : format.money(balance.amount, balance.symbol)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Stack>
      );
    });
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="wallet-balances">
      <Title order={3} size="h4" id="wallet-balances">
        {t('balances.title')}
      </Title>
      {body}
    </Card>
  );
}

function caption(
  network: THoldingsNetwork | undefined,
  status: THoldingsNetwork['status'],
  chain: string,
  t: TFunction,
  format: ReturnType<typeof useFormat>,
): string {
  if (!network || status === 'unwatched') return t('balances.unwatchedText', { chain });
  if (status === 'unreachable')
    return t('balances.unreachableText', {
      chain,
      since: network.statusSince ? format.dateTime(network.statusSince) : '',
    });
  if (network.block === null || !network.checkedAt) return t('balances.notReadText', { chain });
  return t('balances.atBlock', {
    chain,
    block: format.number(network.block),
    checkedAt: format.dateTime(network.checkedAt),
  });
}

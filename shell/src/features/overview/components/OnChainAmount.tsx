import { useFormat, useT } from '@dash/shared';
import type { THoldings } from '@dash/shared/api';
import { Text } from '@mantine/core';

/** What the chain shows the Safe or a registered wallet holds of a currency, as the holdings query stands. */
export type HoldingsState = { status: 'pending' | 'error' } | { status: 'success'; data: THoldings };

/**
 * The chain's amount of the Safe (`walletUid` null) or one registered wallet and token at its network's last block read, marked
 * local on a dev chain; in words when the chain cannot tell (not watched, unreachable, not read yet).
 */
export function OnChainAmount({
  holdings,
  walletUid,
  currency,
}: {
  holdings: HoldingsState;
  walletUid: string | null;
  currency: string;
}) {
  const { t } = useT('overview');
  const format = useFormat();
  if (holdings.status !== 'success')
    return <Text span>{t(holdings.status === 'pending' ? 'onChain.loading' : 'onChain.failed')}</Text>;
  const wallet = holdings.data.wallets.find((candidate) =>
    walletUid === null ? candidate.kind === 'safe' : candidate.uid === walletUid,
  );
  const network = holdings.data.networks.find((candidate) => candidate.network === wallet?.network);
  if (!wallet || !network || network.status === 'unwatched')
    return <Text span>{t('onChain.unwatched')}</Text>;
  if (network.status === 'unreachable') return <Text span>{t('onChain.unreachable')}</Text>;
  const amount = wallet.balances.find((balance) => balance.symbol === currency)?.amount;
  if (amount === undefined) return <Text span>{t('onChain.unknownToken')}</Text>;
  if (amount === null) return <Text span>{t('onChain.notRead')}</Text>;
  return (
    <>
      {format.money(amount, currency)}
      {network.local ? (
        <Text span size="xs">
          {' '}
          {t('onChain.local')}
        </Text>
      ) : null}
    </>
  );
}

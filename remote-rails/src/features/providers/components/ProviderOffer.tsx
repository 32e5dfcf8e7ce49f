import { useFormat, useT } from '@dash/shared';
import { networkOf, type TCatalogueProvider } from '@dash/shared/api';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { limitValues } from '../limits';

/** Countries, currencies with their rails, networks (by name), fees and limits of one provider. */
export function ProviderOffer({ provider }: { provider: TCatalogueProvider }) {
  const { t } = useT('rails');
  const f = useFormat();
  const none = t('common.none');
  return (
    <Stack gap={6}>
      <Text size="sm">
        <Text span fw={500}>
          {t('offer.countries')}
        </Text>{' '}
        {provider.countries.length > 0 ? provider.countries.join(', ') : none}
      </Text>
      <Text size="sm">
        <Text span fw={500}>
          {t('offer.currencies')}
        </Text>{' '}
        {provider.fiat.length > 0
          ? provider.fiat.map((fiat) => `${fiat.currency} (${fiat.rail})`).join(', ')
          : none}
      </Text>
      <Group gap={6} aria-label={t('offer.networksLabel')}>
        <Text size="sm" fw={500}>
          {t('offer.networks')}
        </Text>
        {provider.networks.map((network) => (
          <Badge key={network} variant="light" size="sm" tt="none">
            {networkOf(network).name}
          </Badge>
        ))}
      </Group>
      <Text size="sm">
        <Text span fw={500}>
          {t('offer.stablecoins')}
        </Text>{' '}
        {provider.stablecoins
          .map((coin) =>
            t('offer.stablecoinOn', { symbol: coin.symbol, network: networkOf(coin.network).name }),
          )
          .join(', ') || none}
      </Text>
      {provider.fees.map((fee) => (
        <Stack key={fee.currency} gap={0}>
          <Text size="sm">
            <Text span fw={500}>
              {t('offer.fees', { currency: fee.currency })}
            </Text>{' '}
            {t('offer.feeValue', {
              percentage: f.number(fee.percentageFee),
              fixed: f.money(fee.fixedFee, fee.currency),
            })}
          </Text>
          <Text size="sm">
            <Text span fw={500}>
              {t('offer.limits', { currency: fee.currency })}
            </Text>{' '}
            {t('offer.limitValue', limitValues(f, fee))}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

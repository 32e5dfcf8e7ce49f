import type { TCatalogueProvider } from '@dash/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';

/** Countries, currencies with their rails, networks, fees and limits of one provider. */
export function ProviderOffer({ provider }: { provider: TCatalogueProvider }) {
  return (
    <Stack gap={6}>
      <Text size="sm">
        <Text span fw={500}>
          Countries:
        </Text>{' '}
        {provider.countries.length > 0 ? provider.countries.join(', ') : '—'}
      </Text>
      <Text size="sm">
        <Text span fw={500}>
          Currencies:
        </Text>{' '}
        {provider.fiat.length > 0
          ? provider.fiat.map((fiat) => `${fiat.currency} (${fiat.rail})`).join(', ')
          : '—'}
      </Text>
      <Group gap={6} aria-label="Networks">
        <Text size="sm" fw={500}>
          Networks:
        </Text>
        {provider.networks.map((network) => (
          <Badge key={network} variant="light" size="sm" tt="none">
            {network}
          </Badge>
        ))}
      </Group>
      <Text size="sm">
        <Text span fw={500}>
          Stablecoins:
        </Text>{' '}
        {provider.stablecoins.map((coin) => `${coin.symbol} on ${coin.network}`).join(', ') || '—'}
      </Text>
      {provider.fees.map((fee) => (
        <Stack key={fee.currency} gap={0}>
          <Text size="sm">
            <Text span fw={500}>
              Fees ({fee.currency}):
            </Text>{' '}
            {fee.percentageFee}% + {fee.fixedFee} {fee.currency}
          </Text>
          <Text size="sm">
            <Text span fw={500}>
              Limits ({fee.currency}):
            </Text>{' '}
            {fee.minAmount} to {fee.maxAmount} {fee.currency} per transfer
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

import { useT } from '@dash/shared';
import type { TWalletChain } from '@dash/shared/api';
import { Anchor, Badge, Code, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { chainName } from '../lib/wallet-display';

interface WalletAddressProps {
  /** What the address is, e.g. "Predicted address": the group's accessible name. */
  label: string;
  address: string;
  chain: TWalletChain;
  /** An external page for the address (Safe{Wallet}); none on the dev chain. */
  href?: string;
}

/** The wallet's address with the chain it lives on beside it. */
export function WalletAddress({ label, address, chain, href }: WalletAddressProps) {
  const { t } = useT('wallet');
  const labelId = useId();
  const code = (
    <Code fz="sm" style={{ wordBreak: 'break-all' }}>
      {address}
    </Code>
  );
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Group gap="xs" role="group" aria-labelledby={labelId}>
        {href ? (
          <Anchor
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('address.onSafe', { address })}
          >
            {code}
          </Anchor>
        ) : (
          code
        )}
        <Badge variant="light" color={chain.isDevChain ? 'gray' : 'blue'}>
          {chainName(chain, t)}
        </Badge>
      </Group>
    </Stack>
  );
}

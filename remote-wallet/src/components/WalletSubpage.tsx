import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The layout of the wallet's sub-pages (add a signer, set a signing device): title, why, content. */
export function WalletSubpage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" maw={520}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
      {children}
    </Stack>
  );
}

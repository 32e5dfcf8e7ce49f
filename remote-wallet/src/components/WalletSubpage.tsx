import { PageHeader } from '@dash/shared';
import { Stack } from '@mantine/core';
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
      <PageHeader title={title} description={description} />
      {children}
    </Stack>
  );
}

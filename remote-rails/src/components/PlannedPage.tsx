import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A rails page whose content a later issue fills in: its title and what it will hold. */
export function PlannedPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{children}</Text>
    </Stack>
  );
}

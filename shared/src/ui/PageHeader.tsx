import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the right end (the page decides whether this member may use them). */
  actions?: ReactNode;
  /** Before the title, on its line (an avatar or logo). */
  leading?: ReactNode;
  /** After the title, on its line (status badges). */
  badge?: ReactNode;
}

/** A page's heading (the page's one h1), its one-line description, and its actions on the right. */
export function PageHeader({ title, description, actions, leading, badge }: PageHeaderProps) {
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        {leading || badge ? (
          <Group gap="sm">
            {leading}
            {heading}
            {badge}
          </Group>
        ) : (
          heading
        )}
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions}
    </Group>
  );
}

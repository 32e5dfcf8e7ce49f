import { useT } from '@dash/shared';
import { Group, Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while the conversation list loads. */
export function ThreadListSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useT('messages');
  return (
    <Stack gap="md" p="xs" aria-label={t('list.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Group key={index} gap="sm" wrap="nowrap">
          <Skeleton circle height={36} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="80%" />
            <Skeleton height={10} width="50%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

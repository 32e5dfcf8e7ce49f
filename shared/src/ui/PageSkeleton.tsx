import { Skeleton, Stack } from '@mantine/core';

export function PageSkeleton({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <Stack gap="sm" p="md" role="progressbar" aria-busy="true" aria-label={label}>
      <Skeleton height={28} width="40%" />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={18} />
      ))}
    </Stack>
  );
}

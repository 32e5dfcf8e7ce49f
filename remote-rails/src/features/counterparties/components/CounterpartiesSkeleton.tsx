import { Skeleton, Stack } from '@mantine/core';

/** A list's loading skeleton: one bar per row (Registered Wallets shows exactly 10, spec section 2). */
export function CounterpartiesSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <Stack gap="sm" role="progressbar" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={36} data-skeleton-row />
      ))}
    </Stack>
  );
}

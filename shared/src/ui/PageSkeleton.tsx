import { Skeleton, Stack } from '@mantine/core';
import { useT } from '../i18n/i18n';

export function PageSkeleton({ rows = 4, label }: { rows?: number; label?: string }) {
  const { t } = useT('common');
  return (
    <Stack gap="sm" p="md" role="progressbar" aria-busy="true" aria-label={label ?? t('ui.loading')}>
      <Skeleton height={28} width="40%" />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={18} />
      ))}
    </Stack>
  );
}

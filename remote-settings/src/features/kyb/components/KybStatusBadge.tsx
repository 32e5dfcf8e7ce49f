import { useT } from '@dash/shared';
import type { TKybStatus } from '@dash/shared/api';
import { Badge } from '@mantine/core';

/** The application's status beside its page's title, named for screen readers. */
export function KybStatusBadge({ status }: { status: TKybStatus }) {
  const { t } = useT('settings');
  const label = t(`kyb.status.${status}`);
  return (
    <Badge variant="outline" aria-label={t('kyb.page.statusLabel', { status: label })}>
      {label}
    </Badge>
  );
}

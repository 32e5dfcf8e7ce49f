import { useT } from '@dash/shared';
import type { TProviderAccountStatus } from '@dash/shared/api';
import { Badge } from '@mantine/core';

const COLOR: Record<TProviderAccountStatus, string> = {
  Submitting: 'gray',
  Pending: 'yellow',
  Active: 'teal',
  Rejected: 'red',
  Failed: 'red',
};

/** The status as text (color only repeats it). */
export function AccountStatusBadge({ status }: { status: TProviderAccountStatus }) {
  const { t } = useT('rails');
  return (
    <Badge color={COLOR[status]} variant="light" tt="none">
      {t(`accountStatus.${status}`)}
    </Badge>
  );
}

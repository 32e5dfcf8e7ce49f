import { type TTransferStatus, useT } from '@dash/shared';
import { Badge } from '@mantine/core';

const COLOR: Record<TTransferStatus, string> = {
  awaiting_approval: 'grape',
  awaiting_funds: 'yellow',
  funds_received: 'blue',
  payment_submitted: 'cyan',
  completed: 'green',
  failed: 'red',
  returned: 'orange',
  canceled: 'gray',
};

export function TransferStatusBadge({ status }: { status: TTransferStatus }) {
  const { t } = useT('rails');
  return (
    <Badge color={COLOR[status]} variant="light">
      {t(`transferStatus.${status}`)}
    </Badge>
  );
}

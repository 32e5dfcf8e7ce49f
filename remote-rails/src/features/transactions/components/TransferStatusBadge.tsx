import { TRANSFER_STATUS_LABELS, type TTransferStatus } from '@dash/shared';
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
  return (
    <Badge color={COLOR[status]} variant="light">
      {TRANSFER_STATUS_LABELS[status]}
    </Badge>
  );
}

import { useT } from '@dash/shared';
import type { TTransferStatus } from '@dash/shared/api';
import { Badge } from '@mantine/core';
import { type CSSProperties, memo } from 'react';

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

/** Mantine's light Badge variables per status, made once (what Badge's vars resolver computes per render). */
const STYLE = Object.fromEntries(
  Object.entries(COLOR).map(([status, color]) => [
    status,
    {
      '--badge-bg': `var(--mantine-color-${color}-light)`,
      '--badge-color': `var(--mantine-color-${color}-light-color)`,
      '--badge-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
      // Never cut to "PAYMENT SUBMITT…": a table column is as wide as its longest status (Mantine's
      // badge would otherwise shrink and ellipsize inside a narrow cell).
      minWidth: 'max-content',
    } as CSSProperties,
  ]),
) as Record<TTransferStatus, CSSProperties>;
const BADGE_CLASS = `${Badge.classes.root} mantine-Badge-root`;

/**
 * A transfer's status as a light badge, always in text (color is never the only signal). The
 * markup of Mantine's `<Badge variant="light">` (its classes and variables, so it looks the same)
 * without a component per badge: a 100-row transactions page renders 100 of them. The list passes
 * the label it translated; alone (the detail page) it translates it itself.
 */
export const StatusBadge = memo(function StatusBadge({
  status,
  label,
}: {
  status: TTransferStatus;
  label: string;
}) {
  return (
    <span className={BADGE_CLASS} data-variant="light" style={STYLE[status]}>
      <span className={Badge.classes.label}>{label}</span>
    </span>
  );
});

export function TransferStatusBadge({ status }: { status: TTransferStatus }) {
  const { t } = useT('rails');
  return <StatusBadge status={status} label={t(`transferStatus.${status}`)} />;
}

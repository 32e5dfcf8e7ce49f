import { formatDate, paths, type TTransfer, type useFormat } from '@dash/shared';
import { Anchor, Table } from '@mantine/core';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { TransferStatusBadge } from './TransferStatusBadge';

/** The Table's own cell class: plain cells look the same without a component per cell. */
const CELL = Table.classes.td;
const MONO = { fontFamily: 'var(--mantine-font-family-monospace)' } as const;

/**
 * One transaction of the list. Memoized on the transfer (react-query keeps unchanged rows the same
 * object across refetches), so a refetch or a filter change re-renders only the rows that changed;
 * plain cells keep a 100-row page's first render cheap. The page's `t` and formatters come as props
 * (the same objects until the language changes) instead of a subscription per row.
 */
export const TransactionRow = memo(function TransactionRow({
  transfer,
  organizationSlug,
  t,
  format,
}: {
  transfer: TTransfer;
  organizationSlug: string;
  /** t of the rails namespace. */
  t: TFunction;
  format: ReturnType<typeof useFormat>;
}) {
  return (
    <tr className={Table.classes.tr}>
      <td className={CELL}>
        <Anchor component={Link} to={paths.org.rails.transaction(organizationSlug, transfer.uid)} size="sm">
          {formatDate(transfer.createdAt)}
        </Anchor>
      </td>
      <td className={CELL}>{t(`transferType.${transfer.type}`)}</td>
      <td className={CELL}>
        <TransferStatusBadge status={transfer.status} />
      </td>
      <td className={CELL}>{transfer.provider.name}</td>
      <td className={CELL} style={MONO}>
        {format.money(transfer.sourceAmount, transfer.sourceCurrency)}
      </td>
      <td className={CELL} style={MONO}>
        {format.money(transfer.targetAmount, transfer.targetCurrency)}
      </td>
      <td className={CELL}>{transfer.wallet?.name ?? transfer.bankBeneficiary?.name ?? ''}</td>
    </tr>
  );
});

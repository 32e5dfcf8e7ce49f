import { formatDate, isRouterClick, paths, type useFormat, useT } from '@dash/shared';
import {
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  type TTransferStatus,
  type TTransferSummary,
  type TTransferType,
} from '@dash/shared/api';
import { Anchor, Table, Text } from '@mantine/core';
import { type CSSProperties, type MouseEvent, memo, useCallback, useMemo } from 'react';
import { useHref, useNavigate } from 'react-router';
import { StatusBadge } from './TransferStatusBadge';

/** The Table's own cell class: plain cells look the same without a component per cell. */
const CELL = Table.classes.td;
/** Amounts stay on one line (a currency code alone on a second line reads as another value). */
const MONO = { fontFamily: 'var(--mantine-font-family-monospace)', whiteSpace: 'nowrap' } as const;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/** The counterparty keeps room for a name on a narrow screen (the table scrolls sideways instead). */
const COUNTERPARTY = { minWidth: '9rem' } as const;
/** `<Anchor size="sm" underline="always">`'s markup (its classes and variables), without the component. */
const LINK_CLASS = `mantine-focus-auto ${Text.classes.root} ${Anchor.classes.root} mantine-Text-root mantine-Anchor-root`;
const LINK_STYLE = {
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
} as CSSProperties;

/**
 * One transaction of the list. Memoized on the transfer (react-query keeps unchanged rows the same
 * object across refetches), so a refetch or a filter change re-renders only the rows that changed.
 * A row is plain elements with the Table's, Anchor's and Badge's classes (no component, hook or
 * subscription per cell) so a 100-row page renders cheaply; its link is a plain `<a>` that the
 * table's one click handler (`useRowLinks`) routes client-side. The labels and formatters come as
 * props (the same objects until the language changes).
 */
export const TransactionRow = memo(function TransactionRow({
  transfer,
  href,
  labels,
  format,
  index,
  measureRef,
}: {
  transfer: TTransferSummary;
  /** Its place in the page (0-based), for the virtualized list: `data-index` and `aria-rowindex`. */
  index: number;
  /** The virtualized list's measuring ref (a stable function). */
  measureRef?: (element: HTMLTableRowElement | null) => void;
  /** The detail page's URL (the router's href). */
  href: string;
  /** Each type's and status's text, translated once for the page. */
  labels: TransferLabels;
  format: ReturnType<typeof useFormat>;
}) {
  return (
    <tr className={Table.classes.tr} data-index={index} aria-rowindex={index + 2} ref={measureRef}>
      <td className={CELL}>
        <a
          href={href}
          className={LINK_CLASS}
          data-underline="always"
          data-transfer-uid={transfer.uid}
          style={LINK_STYLE}
        >
          {formatDate(transfer.createdAt)}
        </a>
      </td>
      <td className={CELL} style={NO_WRAP}>
        {labels.type[transfer.type]}
      </td>
      <td className={CELL}>
        <StatusBadge status={transfer.status} label={labels.status[transfer.status]} />
      </td>
      <td className={CELL}>{transfer.provider.name}</td>
      <td className={CELL} style={MONO}>
        {format.money(transfer.sourceAmount, transfer.sourceCurrency)}
      </td>
      <td className={CELL} style={MONO}>
        {format.money(transfer.targetAmount, transfer.targetCurrency)}
      </td>
      <td className={CELL} style={COUNTERPARTY}>
        {transfer.wallet?.name ?? transfer.bankBeneficiary?.name ?? ''}
      </td>
    </tr>
  );
});

/**
 * The rows' links as the router's: `hrefOf(uid)` gives a detail page's href (resolved once for the
 * page, not per row), and `onClick` (on the table body) navigates client-side on a plain left click,
 * leaving modified clicks (new tab, new window) to the browser as a Link does.
 */
export function useRowLinks(organizationSlug: string) {
  const navigate = useNavigate();
  const marker = '__transfer__';
  const template = useHref(paths.org.rails.transaction(organizationSlug, marker));
  const hrefOf = useCallback((uid: string) => template.replace(marker, uid), [template]);
  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (!isRouterClick(event)) return;
      const uid = (event.target as Element)
        .closest('a[data-transfer-uid]')
        ?.getAttribute('data-transfer-uid');
      if (!uid) return;
      event.preventDefault();
      navigate(paths.org.rails.transaction(organizationSlug, uid));
    },
    [navigate, organizationSlug],
  );
  return { hrefOf, onClick, navigate };
}

export interface TransferLabels {
  type: Record<TTransferType, string>;
  status: Record<TTransferStatus, string>;
}

/** Every type's and status's label in the user's language, once per language (not per row). */
export function useTransferLabels(): TransferLabels {
  const { t } = useT('rails');
  return useMemo(
    () => ({
      type: Object.fromEntries(TRANSFER_TYPES.map((type) => [type, t(`transferType.${type}`)])) as Record<
        TTransferType,
        string
      >,
      status: Object.fromEntries(
        TRANSFER_STATUSES.map((status) => [status, t(`transferStatus.${status}`)]),
      ) as Record<TTransferStatus, string>,
    }),
    [t],
  );
}

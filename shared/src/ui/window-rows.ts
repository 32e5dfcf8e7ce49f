import { createElement, lazy, type ReactNode, Suspense } from 'react';

export interface WindowRowsProps<T> {
  items: T[];
  getKey: (item: T) => string;
  /**
   * One `<tr>`; spread `rowProps` on it (its index for the virtualizer and `aria-rowindex`, and a ref
   * that measures it).
   */
  renderRow: (item: T, rowProps: WindowRowProps) => ReactNode;
  /** The table's column count (the spacer rows span them). */
  columns: number;
  /** A row's height before any row is measured (then, the height the rows measured last most often had). */
  estimateRowHeight: number;
  /** Rows rendered beyond each edge of the window. */
  overscan?: number;
}

export interface WindowRowProps {
  'data-index': number;
  /** 1-based, counting the header row as 1 (the table carries `aria-rowcount`). */
  'aria-rowindex': number;
  ref?: (element: HTMLTableRowElement | null) => void;
}

const load = () => import('./WindowRows');
const LazyWindowRows = lazy(load);

/** Rows shown while the virtualizer's chunk loads (it is preloaded, so rarely): the first screenful. */
const FIRST_ROWS = 20;

/**
 * The rows of a `<tbody>` virtualized against the window's scroll (@tanstack/react-virtual): only the
 * rows in view (and `overscan` beyond) are in the DOM, with spacer rows for the rest, so a long page of
 * a table costs what a screenful costs. The table should carry `aria-rowcount={items.length + 1}`.
 * Its code is a lazy chunk of the shared singleton, like EndAnchoredList's; call
 * `preloadWindowRows()` when a page that shows it loads.
 */
export function WindowRows<T>(props: WindowRowsProps<T>): ReactNode {
  // The fallback is an element, rendered only while it shows (not on every render of the rows).
  return createElement(
    Suspense,
    { fallback: createElement(FirstRows as (p: WindowRowsProps<T>) => ReactNode, props) },
    createElement(LazyWindowRows as (p: WindowRowsProps<T>) => ReactNode, props),
  );
}

function FirstRows<T>({ items, renderRow }: WindowRowsProps<T>): ReactNode {
  return items
    .slice(0, FIRST_ROWS)
    .map((item, index) => renderRow(item, { 'data-index': index, 'aria-rowindex': index + 2 }));
}

export function preloadWindowRows(): void {
  void load();
}

import {
  defaultRangeExtractor,
  type Range,
  useWindowVirtualizer,
  type Virtualizer,
  windowScroll,
} from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { measureWithoutReflow, typicalSize } from './virtual-measure';
import type { WindowRowsProps } from './window-rows';

/** The virtualized rows; loaded lazily, see window-rows.ts. */
export default function WindowRows<T>({
  items,
  getKey,
  renderRow,
  columns,
  estimateRowHeight,
  // Three rows beyond each edge: a 100-row transactions page rendered 24 rows with 8 (19 with 3), and
  // the render of its answer took 117 ms of main-thread work at 4x CPU with 8, 73 to 94 with 3 (medians
  // of 9, three sets). Wheel and keyboard scrolling stay ahead of it (a focused row brings its next
  // `overscan` rows at once).
  overscan = 3,
}: WindowRowsProps<T>) {
  // Where the rows start in the document (the page's header and filters above them). Read in a
  // ResizeObserver callback, which runs after layout: reading it while rendering or in a layout effect
  // would force a layout of the whole page in the middle of the commit. Until then the rows are placed
  // as if the table began at the top, which renders the first screenful (and a few more).
  const topRef = useRef<HTMLTableRowElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useEffect(() => {
    const top = topRef.current;
    if (!top) return;
    // Content above can change height (a filter bar wrapping, an alert): the body's size follows it.
    const observer = new ResizeObserver(() =>
      setScrollMargin(Math.round(top.getBoundingClientRect().top + window.scrollY)),
    );
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  // The row that has focus and the `overscan` rows after it are always rendered, at once when it gets
  // focus (not on the next scroll event, a frame later): Tab held down or pressed quickly never runs
  // past the rendered rows to whatever follows the table. The range stays contiguous (the spacers
  // stand for the rows before and after it).
  const [focused, setFocused] = useState<number | null>(null);
  useEffect(() => {
    const body = topRef.current?.parentElement;
    if (!body) return;
    const onFocusIn = (event: FocusEvent) => {
      const row = (event.target as Element).closest('tr[data-index]');
      if (!row || row.parentElement !== body) return;
      const index = Number(row.getAttribute('data-index'));
      flushSync(() => setFocused(index));
    };
    // Focus gone from the rows (to the paging, or elsewhere): only the rows in view again.
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && body.contains(event.relatedTarget))) setFocused(null);
    };
    body.addEventListener('focusin', onFocusIn);
    body.addEventListener('focusout', onFocusOut);
    return () => {
      body.removeEventListener('focusin', onFocusIn);
      body.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focused === null || focused >= range.count) return indexes;
      const first = Math.min(indexes[0] ?? focused, Math.max(0, focused - 1));
      const last = Math.max(indexes.at(-1) ?? focused, Math.min(range.count - 1, focused + overscan));
      return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
    },
    [focused, overscan],
  );

  // The window's size and scroll position as the rows first render, when the page's layout is still
  // clean. The virtualizer attaches in a layout effect, right after the rows were inserted: reading
  // scrollY or innerHeight there (its window defaults) forces a layout of the whole page mid-commit.
  const [initial] = useState(() => {
    const offset = typeof window === 'undefined' ? 0 : window.scrollY;
    const rect =
      typeof window === 'undefined'
        ? { width: 0, height: 0 }
        : { width: window.innerWidth, height: window.innerHeight };
    return {
      offset,
      rect,
      observeRect: (instance: Virtualizer<Window, Element>, report: (size: typeof rect) => void) =>
        observeWindowRectFrom(rect, instance, report),
      observeOffset: (
        instance: Virtualizer<Window, Element>,
        report: (offset: number, isScrolling: boolean) => void,
      ) => observeWindowOffsetFrom(offset, instance, report),
    };
  });

  // Stable between renders that keep the items: the virtualizer recomputes every row's position when
  // getItemKey changes identity, and it renders on every scroll event.
  const getItemKey = useCallback((index: number) => getKey(items[index] as T), [items, getKey]);
  // Rows not measured yet are estimated at the height the rows measured last most often had: the next
  // page (or size) renders the rows that fit, and measuring them renders nothing again.
  const [heights] = useState(() => typicalSize(estimateRowHeight));
  const virtualizer = useWindowVirtualizer({
    rangeExtractor,
    count: items.length,
    estimateSize: heights.estimate,
    overscan,
    scrollMargin,
    getItemKey,
    // Rows are measured by their ResizeObserver entries, never by reading offsetHeight as they mount
    // (which forced a layout per row: most of a 100-row page's cost).
    measureElement: (element, entry, instance) => {
      const size = measureWithoutReflow(element, entry, instance);
      if (entry) heights.record(size);
      return size;
    },
    scrollToFn: scrollUnlessThere,
    initialRect: initial.rect,
    initialOffset: initial.offset,
    observeElementRect: initial.observeRect,
    observeElementOffset: initial.observeOffset,
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows.length > 0 ? (rows[0]?.start ?? 0) - scrollMargin : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? 0) - scrollMargin) : 0;

  return (
    <>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, nothing in it to focus or read */}
      <tr ref={topRef} aria-hidden="true" style={{ height: Math.max(0, before) }}>
        {before > 0 ? <td colSpan={columns} style={{ padding: 0, border: 0 }} /> : null}
      </tr>
      {rows.map((row) =>
        renderRow(items[row.index] as T, {
          'data-index': row.index,
          'aria-rowindex': row.index + 2,
          ref: virtualizer.measureElement,
        }),
      )}
      {after > 0 ? (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, nothing in it to focus or read
        <tr aria-hidden="true" style={{ height: after }}>
          <td colSpan={columns} style={{ padding: 0, border: 0 }} />
        </tr>
      ) : null}
    </>
  );
}

/**
 * The virtualizer scrolls the window to where it already is when it attaches (and a scroll forces a
 * layout of the whole page, in the middle of the commit): only a scroll that goes somewhere is done.
 */
function scrollUnlessThere(
  offset: number,
  options: Parameters<typeof windowScroll>[1],
  instance: Virtualizer<Window, Element>,
) {
  if (!options.behavior && offset + (options.adjustments ?? 0) === instance.scrollOffset) return;
  windowScroll(offset, options, instance);
}

/** The window's size: `initial` at once (nothing read), then read again on each resize. */
function observeWindowRectFrom(
  initial: { width: number; height: number },
  instance: Virtualizer<Window, Element>,
  report: (rect: { width: number; height: number }) => void,
) {
  const target = instance.scrollElement;
  if (!target) return;
  report(initial);
  const onResize = () => report({ width: target.innerWidth, height: target.innerHeight });
  target.addEventListener('resize', onResize, { passive: true });
  return () => target.removeEventListener('resize', onResize);
}

/**
 * The window's scroll position: `initial` at once (nothing read), then scrollY on each scroll event
 * (scrolling until no event came for the virtualizer's reset delay), as react-virtual's own does.
 */
function observeWindowOffsetFrom(
  initial: number,
  instance: Virtualizer<Window, Element>,
  report: (offset: number, isScrolling: boolean) => void,
) {
  const target = instance.scrollElement;
  if (!target) return;
  let idle: ReturnType<typeof setTimeout> | undefined;
  report(initial, false);
  const onScroll = () => {
    report(target.scrollY, true);
    clearTimeout(idle);
    idle = setTimeout(() => report(target.scrollY, false), instance.options.isScrollingResetDelay);
  };
  target.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    clearTimeout(idle);
    target.removeEventListener('scroll', onScroll);
  };
}

import { Center, Loader } from '@mantine/core';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { EndAnchoredListProps } from './end-anchored-list';
import { measureWithoutReflow } from './virtual-measure';

/** Within this distance of the bottom the list follows new items. */
const STICK_TO_BOTTOM_PX = 80;
/** Older items load once the view is this many items from the oldest one loaded. */
const LOAD_OLDER_WITHIN = 10;
const PADDING_PX = 8;
const SCROLL_IDLE_MS = 150;

/*
 * The scroll box is a `flex-direction: column-reverse` container, so the browser anchors its content
 * at the bottom: scrollTop is 0 at the bottom and negative above it, it opens at the newest item,
 * and content that grows at the top (an older page, an older row measured) moves nothing in view.
 * The virtualizer works in the same "distance from the bottom": index 0 is the NEWEST item, its
 * offset is -scrollTop, and a row's place is its distance from the bottom (`row.start`), which
 * older rows never change. So neither an older page arriving nor a row being measured writes a
 * row's style or the scroll position, and no render reads the layout.
 */
function observeOffsetFromBottom(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (offset: number, isScrolling: boolean) => void,
) {
  const element = instance.scrollElement;
  if (!element) return;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const offset = () => Math.max(0, -element.scrollTop);
  // While the reader scrolls, the rows are left out of hit testing: the browser then does not work
  // out which row is under a still pointer (and restyle its hover) after every step.
  const rows = () => element.querySelector<HTMLElement>(':scope > [data-rows]');
  const onScroll = () => {
    if (idle === undefined) rows()?.style.setProperty('pointer-events', 'none');
    // The rows a scroll brings into view render as a transition: React renders them in slices it
    // can interrupt, so a slow render never holds a frame (no frame over 50 ms at 4x CPU).
    startTransition(() => report(offset(), true));
    clearTimeout(idle);
    idle = setTimeout(() => {
      idle = undefined;
      rows()?.style.removeProperty('pointer-events');
      report(offset(), false);
    }, SCROLL_IDLE_MS);
  };
  report(offset(), false);
  element.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    clearTimeout(idle);
    rows()?.style.removeProperty('pointer-events');
    element.removeEventListener('scroll', onScroll);
  };
}

function scrollToOffsetFromBottom(
  offset: number,
  { adjustments = 0, behavior }: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
) {
  instance.scrollElement?.scrollTo({ top: -(offset + adjustments), behavior });
}

/**
 * A virtualized list read from its end, like a conversation (only the rows in view are in the DOM):
 * it opens at the newest item, keeps the reader's place when older pages arrive or rows are
 * measured, loads older pages as the reader nears the top, and follows new items while the reader
 * is at the bottom (or when `followNew` says so, e.g. their own message). Loaded lazily: see
 * end-anchored-list.ts.
 */
export default function EndAnchoredList<T>({
  items,
  getKey,
  renderItem,
  estimateSize = 100,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  followNew,
  label,
  loadingOlderLabel = 'Loading older items',
}: EndAnchoredListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = items.length;
  /** Newest first: the virtualizer's index i is items[count - 1 - i]. */
  const itemAt = (index: number): T | undefined => items[count - 1 - index];
  // Stable between renders that do not change the items: the virtualizer recomputes every row's
  // position whenever getItemKey changes identity.
  const getItemKey = useCallback(
    (index: number) => {
      const item = items[items.length - 1 - index];
      return item === undefined ? index : getKey(item);
    },
    [items, getKey],
  );
  const estimate = useCallback(() => estimateSize, [estimateSize]);
  const virtualizer = useVirtualizer<HTMLDivElement, Element>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimate,
    getItemKey,
    measureElement: measureWithoutReflow,
    observeElementOffset: observeOffsetFromBottom,
    scrollToFn: scrollToOffsetFromBottom,
    overscan: 3,
    // The rows that come into view render in a task of their own, after the frame that scrolled,
    // and not inside the scroll event: no frame both scrolls and mounts rows.
    useFlushSync: false,
    paddingStart: PADDING_PX,
    paddingEnd: PADDING_PX,
  });
  // The virtualizer's own rule keeps the reader's place when a row BELOW the view (start < offset,
  // newer) changes size: it moves the scroll position by the change. Rows above need nothing.

  /** Where the newest item was, to keep the reader's place (or follow) when newer items arrive. */
  const newestKey = useRef<string | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the items change; the scroll offset and measurements are read from the virtualizer as they are then, not subscribed to
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const newest = items.at(-1);
    if (!element || newest === undefined) return;
    const key = getKey(newest);
    const previous = newestKey.current;
    newestKey.current = key;
    if (previous === undefined || previous === key) return;
    // New items at the bottom: the reader at the bottom (or their own message) follows them...
    const offset = virtualizer.scrollOffset ?? 0;
    if (offset < STICK_TO_BOTTOM_PX || followNew?.(newest)) {
      if (element.scrollTop !== 0) element.scrollTop = 0;
      return;
    }
    // ...anyone else stays where they are: the new items' height is added to the offset.
    const position = items.findIndex((candidate) => getKey(candidate) === previous);
    const row = position < 0 ? undefined : virtualizer.measurementsCache[count - 1 - position];
    if (row) element.scrollTop = -(offset + row.start - PADDING_PX);
  }, [items, getKey, followNew, count]);

  const rows = virtualizer.getVirtualItems();
  const oldestShown = rows.at(-1)?.index;
  useEffect(() => {
    if (oldestShown === undefined) return;
    if (oldestShown >= count - 1 - LOAD_OLDER_WITHIN && hasOlder && !loadingOlder) onLoadOlder();
  }, [oldestShown, count, hasOlder, loadingOlder, onLoadOlder]);

  const total = virtualizer.getTotalSize();
  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <div
        ref={scrollRef}
        role="log"
        aria-label={label}
        style={{
          height: '100%',
          overflowY: 'auto',
          overflowAnchor: 'none',
          contain: 'strict',
          display: 'flex',
          flexDirection: 'column-reverse',
        }}
      >
        {/* First in column-reverse, so at the bottom: it takes the room a short list leaves, which keeps the list at the top. */}
        <div style={{ flex: '1 0 0' }} />
        <div data-rows="" style={{ height: total, flexShrink: 0, position: 'relative', width: '100%' }}>
          {/* Oldest first in the document, as they are read. */}
          {[...rows].reverse().map((row) => {
            const item = itemAt(row.index);
            if (item === undefined) return null;
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                style={{
                  position: 'absolute',
                  bottom: 0,
                  left: 0,
                  width: '100%',
                  // Its distance from the bottom: older rows, measured or arriving, never change it.
                  transform: `translateY(${-row.start}px)`,
                  // A new row's style, layout and paint stay inside it.
                  contain: 'layout style paint',
                }}
              >
                {renderItem(item)}
              </div>
            );
          })}
        </div>
      </div>
      {/*
        The loading indicator's place is always there, sized and contained: the indicator coming and
        going then lays out this box alone. Inserted and removed as it was, it made the whole page lay
        out again inside the render of an older page's arrival (a forced layout of every object of the
        document, about 12 ms at 4x CPU, in the frame that already mounts the new rows).
      */}
      <Center
        py={4}
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          height: 26,
          contain: 'strict',
          pointerEvents: 'none',
        }}
      >
        {loadingOlder ? <Loader size="xs" aria-label={loadingOlderLabel} /> : null}
      </Center>
    </div>
  );
}

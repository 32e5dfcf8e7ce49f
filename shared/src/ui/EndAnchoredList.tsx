import { ActionIcon, Button, Loader } from '@mantine/core';
import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { EndAnchoredListProps } from './end-anchored-list';
import { StrokeIcon } from './StrokeIcon';
import { measureWithoutReflow } from './virtual-measure';
import { visuallyHidden } from './visually-hidden';

/** Within this distance of the bottom the list follows new items (and the reader has seen them). */
const STICK_TO_BOTTOM_PX = 80;
/** Older items load once the view is this many items from the oldest one loaded. */
const LOAD_OLDER_WITHIN = 10;
const PADDING_PX = 8;
const SCROLL_IDLE_MS = 150;
/**
 * The loading indicator's place: always there, sized and contained, so the indicator coming and
 * going lays out this box alone. Inserted and removed as it was, it made the whole page lay out
 * again inside the render of an older page's arrival (a forced layout of every object of the
 * document, about 12 ms at 4x CPU, in the frame that already mounts the new rows).
 */
const INDICATOR_STYLE: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: 26,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  contain: 'strict',
  pointerEvents: 'none',
};

/**
 * The virtualizer works in "distance from the bottom": index 0 is the NEWEST item and its offset is
 * how far the viewport's bottom is above the content's bottom. Older pages and measurements of older
 * rows then land at the high end of the index range, which is where the virtualizer recomputes
 * least, and the newest item needs no scrolling to find: offset 0 is the end.
 */
function observeOffsetFromBottom(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (offset: number, isScrolling: boolean) => void,
  /** Also hears each offset, with the view's height: read with it, so nothing else reads the layout. */
  heard?: (offset: number, view: number) => void,
) {
  const element = instance.scrollElement;
  if (!element) return;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let view = 0;
  const offset = () => {
    view = element.clientHeight;
    return Math.max(0, element.scrollHeight - view - element.scrollTop);
  };
  const tell = (isScrolling: boolean) => {
    const at = offset();
    report(at, isScrolling);
    heard?.(at, view);
  };
  // While the reader scrolls, the rows are left out of hit testing: the browser then does not work
  // out which row is under a still pointer (and restyle its hover) after every step.
  const rows = () => element.firstElementChild as HTMLElement | null;
  const onScroll = () => {
    if (idle === undefined) rows()?.style.setProperty('pointer-events', 'none');
    // The rows a scroll brings into view render as a transition: React renders them in slices it
    // can interrupt, so a slow render never holds a frame (no frame over 50 ms at 4x CPU).
    startTransition(() => tell(true));
    clearTimeout(idle);
    idle = setTimeout(() => {
      idle = undefined;
      rows()?.style.removeProperty('pointer-events');
      // The end of a scroll re-renders the list too (the virtualizer's isScrolling): in slices as well.
      startTransition(() => tell(false));
    }, SCROLL_IDLE_MS);
  };
  tell(false);
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
  const element = instance.scrollElement;
  if (!element) return;
  element.scrollTo({ top: element.scrollHeight - element.clientHeight - (offset + adjustments), behavior });
}

/**
 * The row whose box holds `scrollTop` (the top of the view), in `rows` (the virtualizer's
 * measurements, newest first: their ends grow with the index) laid out in a content `total` high.
 */
export function rowAtTop(rows: VirtualItem[], total: number, scrollTop: number): VirtualItem | undefined {
  // The first row whose top (total - end) is at or above scrollTop: the first end >= total - scrollTop.
  const target = total - scrollTop;
  let low = 0;
  let high = rows.length - 1;
  let found: VirtualItem | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const row = rows[middle];
    if (row === undefined) break;
    if (row.end >= target) {
      found = row;
      high = middle - 1;
    } else low = middle + 1;
  }
  return found ?? rows.at(-1);
}

/**
 * How many of `items` (oldest first) came after `newestKey`, the newest of the items `before`: new
 * items at the end, not older pages at the start. When that item is gone (the list restarted from a
 * fresh page), the items that were not there before.
 */
export function arrivedAtEnd<T>(
  items: T[],
  getKey: (item: T) => string,
  newestKey: string,
  before: T[],
): number {
  const at = items.findLastIndex((item) => getKey(item) === newestKey);
  if (at >= 0) return items.length - 1 - at;
  const had = new Set(before.map(getKey));
  return items.reduce((sum, item) => (had.has(getKey(item)) ? sum : sum + 1), 0);
}

/** What the jump button shows: nothing (-1), the arrow alone (0), or how many items arrived below. */
type TJumpShows = number;
const HIDDEN: TJumpShows = -1;

/**
 * Where the reader is against the newest item, outside React state: the scroll handler's readings
 * and the new items' arrivals set state (the jump button's, never the list's) only when what the
 * button shows changes, i.e. when the view crosses a threshold or the newest item changes, and as
 * a transition, like the rest of the scroll handling.
 */
function newestTracker() {
  /** More than a screen above the newest item. */
  let far = false;
  /** Items that arrived below the view since the reader was last at the bottom. */
  let unseen = 0;
  let shown: TJumpShows = HIDDEN;
  let show: ((shows: TJumpShows) => void) | undefined;
  const publish = () => {
    const next = unseen > 0 ? unseen : far ? 0 : HIDDEN;
    if (next === shown) return;
    shown = next;
    startTransition(() => show?.(next));
  };
  return {
    shows: (): TJumpShows => shown,
    /** Each reading of the scroll handler. At the bottom the new items have been seen. */
    scrolled(offset: number, view: number): void {
      far = offset > view;
      if (offset < STICK_TO_BOTTOM_PX) unseen = 0;
      publish();
    },
    /** New items came in below a view that did not follow them. */
    arrived(count: number): void {
      unseen += count;
      publish();
    },
    listen(listener: (shows: TJumpShows) => void): () => void {
      show = listener;
      return () => {
        show = undefined;
      };
    },
  };
}

const JUMP_STYLE: CSSProperties = {
  position: 'absolute',
  right: 16,
  bottom: 12,
  boxShadow: 'var(--mantine-shadow-sm)',
};
const ARROW_DOWN = (
  <StrokeIcon size={16}>
    <path d="M12 5v14" />
    <path d="m19 12-7 7-7-7" />
  </StrokeIcon>
);

/**
 * "Jump to newest", over the list's bottom-right corner while the view is more than a screen above
 * the newest item or new items arrived below it. Its state is its own and memoized: it coming and
 * going renders this button alone, not the list's rows.
 */
const JumpToNewest = memo(function JumpToNewest({
  tracker,
  label,
  newItemsLabel,
  onJump,
}: {
  tracker: ReturnType<typeof newestTracker>;
  label: string;
  newItemsLabel: (count: number) => string;
  onJump: () => void;
}) {
  const [shows, setShows] = useState(tracker.shows);
  useLayoutEffect(() => tracker.listen(setShows), [tracker]);
  if (shows === HIDDEN) return null;
  if (shows > 0) {
    // The count is the visible text, and the name starts with it (what a speech user says); the
    // action follows for screen readers.
    return (
      <Button
        size="xs"
        radius="xl"
        variant="default"
        leftSection={ARROW_DOWN}
        style={JUMP_STYLE}
        onClick={onJump}
      >
        {newItemsLabel(shows)} <span style={visuallyHidden}>{label}</span>
      </Button>
    );
  }
  return (
    <ActionIcon
      size="lg"
      radius="xl"
      variant="default"
      aria-label={label}
      style={JUMP_STYLE}
      onClick={onJump}
    >
      {ARROW_DOWN}
    </ActionIcon>
  );
});

const newItems = (count: number) => (count === 1 ? '1 new item' : `${count} new items`);

/**
 * A virtualized list read from its end, like a conversation (only the rows in view are in the DOM):
 * it opens at the newest item, keeps the reader's place when older pages arrive or rows above are
 * measured, loads older pages as the reader nears the top, and follows new items while the reader
 * is at the bottom (or when `followNew` says so, e.g. their own message). Loaded lazily: see
 * end-anchored-list.ts.
 */
function EndAnchoredList<T>({
  items,
  getKey,
  renderItem,
  estimateSize = 100,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  refreshing = false,
  followNew,
  label,
  loadingOlderLabel = 'Loading older items',
  jumpToNewestLabel = 'Jump to the newest item',
  newItemsLabel = newItems,
}: EndAnchoredListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [tracker] = useState(newestTracker);
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
    // Set up once, when the scroll element mounts: `tracker` is the same for the list's life.
    observeElementOffset: (instance, report) => observeOffsetFromBottom(instance, report, tracker.scrolled),
    scrollToFn: scrollToOffsetFromBottom,
    overscan: 3,
    // The rows that come into view render in a task of their own, after the frame that scrolled,
    // and not inside the scroll event: no frame both scrolls and mounts rows.
    useFlushSync: false,
    paddingStart: PADDING_PX,
    paddingEnd: PADDING_PX,
  });
  // This list keeps its place itself (below), relative to the row at the top of the view.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = () => false;
  /** Where a row is now: older pages do not move it (they come after it, newest first), new items do. */
  const indexOf = (key: string, previous: number): number | undefined => {
    const item = itemAt(previous);
    if (item !== undefined && getKey(item) === key) return previous;
    const position = items.findIndex((candidate) => getKey(candidate) === key);
    return position < 0 ? undefined : count - 1 - position;
  };

  /**
   * What the last commit that moved rows left on screen: the items and the newest one, the rows'
   * places (the virtualizer's measurements then: it makes a new array when they change) and the
   * scroll box's sizes. Where the reader was is worked out from these and the scroll position when
   * the next change comes (a commit does not move the scroll position), not on every scroll event.
   */
  const laidOut = useRef<{
    items: T[];
    newestKey: string;
    total: number;
    rows: VirtualItem[];
    scrollHeight: number;
    clientHeight: number;
  } | null>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const newest = items.at(-1);
    if (!element || newest === undefined) return;
    const key = getKey(newest);
    const total = virtualizer.getTotalSize();
    const previous = laidOut.current;
    // Nothing above or below moved: leave the DOM alone (reading it would force a layout).
    if (previous && key === previous.newestKey && total === previous.total) return;
    const scrollTop = element.scrollTop;
    // The reader was at the bottom (or this is the first item, or their own): follow the end.
    const stick =
      !previous ||
      previous.scrollHeight - previous.clientHeight - scrollTop < STICK_TO_BOTTOM_PX ||
      (key !== previous.newestKey && followNew?.(newest) === true);
    if (stick) {
      const bottom = element.scrollHeight - element.clientHeight;
      if (scrollTop !== bottom) element.scrollTop = bottom;
    } else {
      // Else the row that was at the top of the view stays where it was.
      const row = rowAtTop(previous.rows, previous.total, scrollTop);
      const index = row === undefined ? undefined : indexOf(String(row.key), row.index);
      const now = index === undefined ? undefined : virtualizer.measurementsCache[index];
      if (row !== undefined && now !== undefined) {
        const top = total - now.end;
        const was = previous.total - row.end;
        if (top !== was) element.scrollTop = scrollTop + top - was;
      }
      // New items below a view that stays: the jump button counts them.
      if (key !== previous.newestKey)
        tracker.arrived(arrivedAtEnd(items, getKey, previous.newestKey, previous.items));
    }
    laidOut.current = {
      items,
      newestKey: key,
      total,
      rows: virtualizer.measurementsCache,
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
    };
  });

  const rows = virtualizer.getVirtualItems();
  const oldestShown = rows.at(-1)?.index;
  useEffect(() => {
    if (oldestShown === undefined) return;
    if (oldestShown >= count - 1 - LOAD_OLDER_WITHIN && hasOlder && !loadingOlder && !refreshing)
      onLoadOlder();
  }, [oldestShown, count, hasOlder, loadingOlder, refreshing, onLoadOlder]);

  // The same element while the loading state is the same: React skips it on the list's other renders.
  const indicator = useMemo(
    () => (
      <div style={INDICATOR_STYLE}>
        {loadingOlder ? <Loader size="xs" aria-label={loadingOlderLabel} /> : null}
      </div>
    ),
    [loadingOlder, loadingOlderLabel],
  );

  // Offset 0 is the end. Focus goes to the log, as the button goes away once the view is there.
  const jumpToNewest = useCallback(() => {
    virtualizer.scrollToOffset(0);
    scrollRef.current?.focus({ preventScroll: true });
  }, [virtualizer]);

  const total = virtualizer.getTotalSize();
  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <div
        ref={scrollRef}
        role="log"
        aria-label={label}
        // A scroll region keyboard users can reach in every browser (to scroll it with the keys), and
        // where the jump button leaves focus.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
        tabIndex={0}
        style={{ height: '100%', overflowY: 'auto', overflowAnchor: 'none', contain: 'strict' }}
      >
        <div style={{ height: total, position: 'relative', width: '100%' }}>
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
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${total - row.end}px)`,
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
      {indicator}
      <JumpToNewest
        tracker={tracker}
        label={jumpToNewestLabel}
        newItemsLabel={newItemsLabel}
        onJump={jumpToNewest}
      />
    </div>
  );
}

/** Memoized: the thread view renders again for its own state (a page loading) without the list. */
export default memo(EndAnchoredList) as typeof EndAnchoredList;

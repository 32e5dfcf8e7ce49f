import { Center, Loader } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { EndAnchoredListProps } from './end-anchored-list';

/** Within this distance of the bottom the list follows new items. */
const STICK_TO_BOTTOM_PX = 120;
/** Older items load once the view is this many items from the top. */
const LOAD_OLDER_WITHIN = 8;
const PADDING_PX = 8;

/**
 * A virtualized list read from its end, like a conversation (only the rows in view are in the DOM):
 * it opens at the newest item, keeps the reader's place when older pages arrive above, loads older
 * pages as the reader nears the top, and follows new items while the reader is at the bottom (or
 * when `followNew` says so, e.g. their own message). Loaded lazily: see end-anchored-list.ts.
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
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
    overscan: 6,
    paddingStart: PADDING_PX,
    paddingEnd: PADDING_PX,
  });

  const anchored = useRef(false);
  const atBottom = useRef(true);
  const firstKey = useRef<string | undefined>(undefined);
  const lastKey = useRef<string | undefined>(undefined);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    const first = items[0];
    const last = items.at(-1);
    if (!element || first === undefined || last === undefined) return;
    const newFirst = getKey(first);
    const newLast = getKey(last);
    if (!anchored.current) {
      virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
      anchored.current = true;
    } else if (firstKey.current !== undefined && firstKey.current !== newFirst) {
      // Older items arrived above: move down by their height so the same item stays in view.
      const previousFirst = items.findIndex((item) => getKey(item) === firstKey.current);
      const start = previousFirst > 0 ? virtualizer.measurementsCache[previousFirst]?.start : undefined;
      if (start !== undefined) element.scrollTop += start - PADDING_PX;
    }
    if (
      lastKey.current !== undefined &&
      lastKey.current !== newLast &&
      (atBottom.current || followNew?.(last))
    ) {
      virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
    }
    firstKey.current = newFirst;
    lastKey.current = newLast;
  }, [items, getKey, followNew, virtualizer]);

  const rows = virtualizer.getVirtualItems();
  const topIndex = rows[0]?.index;
  useEffect(() => {
    if (!anchored.current || topIndex === undefined) return;
    if (topIndex <= LOAD_OLDER_WITHIN && hasOlder && !loadingOlder) onLoadOlder();
  }, [topIndex, hasOlder, loadingOlder, onLoadOlder]);

  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <div
        ref={scrollRef}
        role="log"
        aria-label={label}
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current =
            element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
        }}
        style={{ height: '100%', overflowY: 'auto', overflowAnchor: 'none', contain: 'strict' }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {rows.map((row) => {
            const item = items[row.index];
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
                  transform: `translateY(${row.start}px)`,
                }}
              >
                {renderItem(item)}
              </div>
            );
          })}
        </div>
      </div>
      {loadingOlder ? (
        <Center py={4} style={{ position: 'absolute', top: 0, left: 0, right: 0, pointerEvents: 'none' }}>
          <Loader size="xs" aria-label={loadingOlderLabel} />
        </Center>
      ) : null}
    </div>
  );
}

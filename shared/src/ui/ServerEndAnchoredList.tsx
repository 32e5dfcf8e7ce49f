import type { EndAnchoredListProps } from './end-anchored-list';

/** The newest items the server's render shows: more than a pane holds, far fewer than a long thread. */
export const SERVER_TAIL_ITEMS = 12;

/**
 * The end-anchored list in the server's first render of a page (no window, so no scroll position to
 * virtualize against): the newest items in document order, stacked from the bottom of the same box,
 * as the list opens at its newest item. The browser's render replaces it with the virtualized list.
 */
export function ServerEndAnchoredList<T>({ items, getKey, renderItem, label }: EndAnchoredListProps<T>) {
  return (
    <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
      <div
        role="log"
        aria-label={label}
        style={{
          height: '100%',
          overflowY: 'hidden',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          // The virtualized list's paddingStart/paddingEnd (EndAnchoredList.tsx, not imported: a lazy chunk).
          paddingBlock: 8,
          boxSizing: 'border-box',
        }}
      >
        {items.slice(-SERVER_TAIL_ITEMS).map((item) => (
          <div key={getKey(item)} style={{ flexShrink: 0 }}>
            {renderItem(item)}
          </div>
        ))}
      </div>
    </div>
  );
}

import { lazy, type ReactNode } from 'react';
import { ServerEndAnchoredList } from './ServerEndAnchoredList';

export interface EndAnchoredListProps<T> {
  /** Oldest first. */
  items: T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** A row's height before it is measured. */
  estimateSize?: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /**
   * The items are being fetched again (a refresh, not an older page): an older page asked for
   * meanwhile is answered by that fetch and never loaded (TanStack Query's fetchNextPage without
   * cancelRefetch), so the list asks once it is over.
   */
  refreshing?: boolean;
  /** Also follow a new last item when the reader is not at the bottom (e.g. their own message). */
  followNew?: (item: T) => boolean;
  /** The accessible name of the list (a `log`). */
  label: string;
  loadingOlderLabel?: string;
  /**
   * The name of the button that scrolls to the newest item, shown while the view is more than a
   * screen above it or new items arrived below it (e.g. "Jump to newest message").
   */
  jumpToNewestLabel?: string;
  /**
   * What that button says when `count` new items arrived below the view (e.g. "3 new messages").
   * Keep it the same function between renders: the list is memoized.
   */
  newItemsLabel?: (count: number) => string;
}

const load = () => import('./EndAnchoredList');

/**
 * The end-anchored virtualized list (@tanstack/react-virtual) as a lazy UI primitive of the shared
 * singleton: its code is a chunk of the shell's build, fetched the first time an area shows one, so
 * no remote ships its own copy and the shell's first paint does not carry it. Render it under
 * Suspense; call `preloadEndAnchoredList()` as soon as one is about to show.
 */
export const EndAnchoredList = (typeof window === 'undefined'
  ? ServerEndAnchoredList
  : lazy(load)) as unknown as <T>(props: EndAnchoredListProps<T>) => ReactNode;

export function preloadEndAnchoredList(): void {
  void load();
}

import { useCallback, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/** Changes the search parameters in place (set or delete on `next`, which starts as the current ones). */
export type SearchUpdate = (change: (next: URLSearchParams) => void, options?: NavigateOptions) => void;

/**
 * The page's search parameters, and a stable function that changes them. A change starts from the
 * address the last change asked for, not from the one the page shows: the router's navigation is
 * asynchronous, and react-router's own functional update starts from the last render's address, so
 * a change made before the previous one reached the page undid it (the full e2e run caught
 * Explore's "All" currency put back to MXN by the network chosen right after it).
 */
export function useSearchUpdate(): [URLSearchParams, SearchUpdate] {
  const [search, setSearch] = useSearchParams();
  const latest = useRef({ search, setSearch });
  latest.current = { search, setSearch };
  // The last change: the address it asked for, and the one the page showed then. Until the page
  // shows another (the one asked for, or Back's), the next change starts from the one asked for.
  const asked = useRef<{ from: URLSearchParams; address: string } | null>(null);
  const update = useCallback<SearchUpdate>((change, options) => {
    const shown = latest.current.search;
    const next = new URLSearchParams(asked.current?.from === shown ? asked.current.address : shown);
    change(next);
    asked.current = { from: shown, address: next.toString() };
    latest.current.setSearch(next, options);
  }, []);
  return [search, update];
}

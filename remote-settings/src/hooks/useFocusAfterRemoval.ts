import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Where focus goes when a list's row is removed by its own button (Revoke, Remove): that button
 * leaves the page (it was disabled while the removal ran, which had already dropped focus to the
 * body), so focus moves to the next row's action, else the previous row's, else the fallback (the
 * section's heading, focusable with tabIndex={-1}). If the removal fails, focus goes back to the
 * row's own action once it is enabled again. Focus the user has since put elsewhere stays there.
 *
 *   const rows = useFocusAfterRemoval(items.map((item) => item.uid));
 *   <Title ref={rows.fallbackRef} tabIndex={-1}>…</Title>
 *   <Button ref={rows.actionRef(uid)} onClick={() => { rows.removing(uid); remove.mutate(uid, { onError: rows.kept }) }}>
 */
export function useFocusAfterRemoval<K>(keys: readonly K[]) {
  const actions = useRef(new Map<K, HTMLElement>());
  const fallback = useRef<HTMLElement | null>(null);
  /** The row being removed, with the rows' order when its removal started, and whether it failed. */
  const leaving = useRef<{ key: K; order: readonly K[]; failed: boolean } | null>(null);

  // After every commit: the list's answer and the mutation's end render separately, in either order.
  useLayoutEffect(() => {
    const pending = leaving.current;
    if (!pending) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (keys.includes(pending.key)) {
      if (!pending.failed) return;
      const own = actions.current.get(pending.key);
      // Disabled while the removal ran: it can take focus once it is enabled again.
      if (!own || own.matches(':disabled')) return;
      leaving.current = null;
      if (lost) own.focus();
      return;
    }
    leaving.current = null;
    if (!lost) return;
    const at = pending.order.indexOf(pending.key);
    const next = pending.order.slice(at + 1).find((key) => keys.includes(key));
    const previous = pending.order
      .slice(0, Math.max(at, 0))
      .reverse()
      .find((key) => keys.includes(key));
    const target =
      (next === undefined ? undefined : actions.current.get(next)) ??
      (previous === undefined ? undefined : actions.current.get(previous)) ??
      fallback.current;
    target?.focus();
  });

  /**
   * The ref of a row's action: where focus goes when a neighbouring row is removed. `also` is another
   * ref of the same element (a confirm step's), called first.
   */
  const actionRef = useCallback(
    (key: K, also?: (element: HTMLElement | null) => void) => (element: HTMLElement | null) => {
      also?.(element);
      if (element) actions.current.set(key, element);
      else actions.current.delete(key);
    },
    [],
  );
  const fallbackRef = useCallback((element: HTMLElement | null) => {
    fallback.current = element;
  }, []);
  /** Called as the removal of `key`'s row starts. */
  const removing = (key: K) => {
    leaving.current = { key, order: [...keys], failed: false };
  };
  /** Called when the removal failed: the row stays, and so does focus, on its action. */
  const kept = useCallback(() => {
    if (leaving.current) leaving.current = { ...leaving.current, failed: true };
  }, []);
  return { actionRef, fallbackRef, removing, kept };
}

import { useCallback, useRef, useState } from 'react';

/**
 * A two-step action (a button that asks, then Confirm or Cancel in its place) whose focus follows the
 * question for keyboard users: asking moves focus to the confirming button, cancelling (or a refusal)
 * back to the button that asked. Without it the button that had focus is unmounted and focus falls to
 * the page's body. `K` tells which item asks when a list has one button per item.
 *
 *   const step = useConfirmStep<string>();
 *   step.confirming === uid ? <Button ref={step.confirmRef} …/> : <Button ref={step.askRef(uid)} onClick={() => step.ask(uid)} …/>
 */
export function useConfirmStep<K = true>() {
  const [confirming, setConfirming] = useState<K | null>(null);
  const current = useRef<K | null>(null);
  /** Where focus goes when the next button mounts: the confirming one, or the asking one of `key`. */
  const pending = useRef<{ to: 'confirm' } | { to: 'ask'; key: K } | null>(null);

  const ask = useCallback((key: K) => {
    pending.current = { to: 'confirm' };
    current.current = key;
    setConfirming(key);
  }, []);
  const cancel = useCallback(() => {
    if (current.current !== null) pending.current = { to: 'ask', key: current.current };
    current.current = null;
    setConfirming(null);
  }, []);
  /** Back to the asking button without moving focus (something else takes it: a field in error). */
  const dismiss = useCallback(() => {
    pending.current = null;
    current.current = null;
    setConfirming(null);
  }, []);
  const confirmRef = useCallback((element: HTMLElement | null) => {
    if (element && pending.current?.to === 'confirm') {
      pending.current = null;
      element.focus();
    }
  }, []);
  const askRef = useCallback(
    (key: K) => (element: HTMLElement | null) => {
      const next = pending.current;
      if (element && next?.to === 'ask' && Object.is(next.key, key)) {
        pending.current = null;
        element.focus();
      }
    },
    [],
  );
  return { confirming, ask, cancel, dismiss, confirmRef, askRef };
}

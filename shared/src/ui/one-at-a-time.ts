import { useCallback, useRef } from 'react';

/**
 * Starts an action unless the one it started last has not ended: both clicks of a double-click (and
 * two Enters) run before a mutation's `isPending` renders, so a flag set in the same task is what
 * keeps a reply, an approval or a decision from going out twice. `start` is given `done`, to call
 * when the action settled (a mutation's `onSettled`).
 *
 *   const once = useOneAtATime();
 *   once((done) => approve.mutate(uid, { onError, onSettled: done }));
 */
export function useOneAtATime(): (start: (done: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((start: (done: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    start(() => {
      busy.current = false;
    });
  }, []);
}

import { useQueryClient } from '@tanstack/react-query';
import { type FocusEvent, type PointerEvent, useCallback, useEffect, useMemo, useRef } from 'react';
import { threadMessagesQueryOptions } from '../../conversation/api/get-thread-messages';

/**
 * How long the mouse rests on a conversation before its newest messages are fetched: moving across
 * the list fetches nothing, and a reader who stops on one usually clicks it within a few hundred ms.
 */
export const HOVER_INTENT_MS = 80;
/** A thread's newest page fetched (or pushed by the event stream) this recently is not fetched again. */
const FRESH_MS = 30_000;

const threadUidOf = (target: EventTarget): string | undefined =>
  target instanceof Element
    ? (target.closest<HTMLElement>('a[data-thread-uid]')?.dataset.threadUid ?? undefined)
    : undefined;

/**
 * Handlers for the conversation list (delegated, one set for every item): a thread's newest page
 * is fetched into the cache when the mouse rests on it or the keyboard focuses it, so the click
 * opens it from the cache instead of waiting for the API. GET messages/{uid} changes nothing (the
 * thread is marked read when it is opened), and a page fetched less than 30 s ago is not fetched
 * again. Touch pointers fetch nothing: their tap follows at once.
 */
export function usePrefetchThreadOnIntent(organizationUid: string) {
  const queryClient = useQueryClient();
  const pending = useRef<{ uid: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const cancel = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);
  const prefetch = useCallback(
    (threadUid: string) => {
      void queryClient.prefetchInfiniteQuery({
        ...threadMessagesQueryOptions(organizationUid, threadUid),
        staleTime: FRESH_MS,
      });
    },
    [queryClient, organizationUid],
  );
  return useMemo(
    () => ({
      onPointerOver(event: PointerEvent<HTMLElement>) {
        if (event.pointerType !== 'mouse') return;
        const uid = threadUidOf(event.target);
        if (uid === pending.current?.uid) return;
        cancel();
        if (!uid) return;
        pending.current = {
          uid,
          timer: setTimeout(() => {
            pending.current = null;
            prefetch(uid);
          }, HOVER_INTENT_MS),
        };
      },
      onPointerLeave: cancel,
      onFocus(event: FocusEvent<HTMLElement>) {
        const uid = threadUidOf(event.target);
        if (uid) prefetch(uid);
      },
    }),
    [cancel, prefetch],
  );
}

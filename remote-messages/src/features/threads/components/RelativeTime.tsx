import { useFormat } from '@dash/shared';
import { Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { formatUtcDateTime } from '../format';

/**
 * '5 minutes ago' in the reader's language, with the exact UTC time in the element's title (the
 * browser's own tooltip: no tooltip component per row of a list); re-rendered every minute. A time a
 * little ahead of the reader's clock (the server's clock, or a clock read before the value arrived)
 * is 'now'.
 */
export function RelativeTime({ value }: { value: string }) {
  const f = useFormat();
  const now = useMinuteClock();
  return (
    <Text
      component="time"
      dateTime={value}
      title={formatUtcDateTime(value)}
      size="xs"
      c="dimmed"
      style={{ whiteSpace: 'nowrap' }}
    >
      {f.relative(value, Math.max(now, Date.parse(value)))}
    </Text>
  );
}

const MINUTE_MS = 60_000;

/**
 * One clock for every time on the page, read again each minute while a time is shown: the rows of a
 * list change together, in one render, not each on a timer of its own. While none is shown it reads the
 * time afresh, to the second (a render and its commit read the same value).
 */
const minuteClock = (() => {
  const listeners = new Set<() => void>();
  let now = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (listeners.size === 1)
        timer = setInterval(() => {
          now = Date.now();
          for (const each of listeners) each();
        }, MINUTE_MS);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) clearInterval(timer);
      };
    },
    read() {
      if (listeners.size === 0 && Math.abs(Date.now() - now) >= 1_000) now = Date.now();
      return now;
    },
  };
})();

/** Now in ms, read again each minute (the server's render reads it once). */
function useMinuteClock(): number {
  return useSyncExternalStore(minuteClock.subscribe, minuteClock.read, minuteClock.read);
}

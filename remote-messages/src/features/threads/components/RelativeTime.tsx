import { useFormat } from '@dash/shared';
import { Text, Tooltip } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { formatUtcDateTime } from '../format';

/**
 * '5 minutes ago' in the reader's language, with the exact UTC time in a tooltip; re-rendered every
 * minute. A time a little ahead of the reader's clock (the server's clock, or a clock read before the
 * value arrived) is 'now'. The tooltip is mounted while the pointer is on the time only: a mounted
 * Mantine Tooltip renders again right after it mounts (its positioning stores the element in state
 * from a ref), and a list of conversations has one per row, all inside the commit that shows them.
 */
export function RelativeTime({ value }: { value: string }) {
  const f = useFormat();
  const now = useMinuteClock();
  const [pointed, setPointed] = useState(false);
  const time = (
    <Text
      component="time"
      dateTime={value}
      size="xs"
      c="dimmed"
      style={{ whiteSpace: 'nowrap' }}
      onMouseEnter={() => setPointed(true)}
      onMouseLeave={() => setPointed(false)}
    >
      {f.relative(value, Math.max(now, Date.parse(value)))}
    </Text>
  );
  return pointed ? (
    <Tooltip label={formatUtcDateTime(value)} opened withinPortal>
      {time}
    </Tooltip>
  ) : (
    time
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

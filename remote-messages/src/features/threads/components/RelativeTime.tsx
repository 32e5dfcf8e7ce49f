import { useFormat } from '@dash/shared';
import { Text, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
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
      {f.relative(value, Math.max(now.getTime(), Date.parse(value)))}
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

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

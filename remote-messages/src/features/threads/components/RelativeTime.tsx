import { useFormat } from '@dash/shared';
import { Text, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatUtcDateTime } from '../format';

/**
 * '5 minutes ago' in the reader's language, with the exact UTC time in a tooltip; re-rendered every
 * minute. A time a little ahead of the reader's clock (the server's clock, or a clock read before the
 * value arrived) is 'now'.
 */
export function RelativeTime({ value }: { value: string }) {
  const f = useFormat();
  const now = useMinuteClock();
  return (
    <Tooltip label={formatUtcDateTime(value)} openDelay={0} withinPortal>
      <Text component="time" dateTime={value} size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {f.relative(value, Math.max(now.getTime(), Date.parse(value)))}
      </Text>
    </Tooltip>
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

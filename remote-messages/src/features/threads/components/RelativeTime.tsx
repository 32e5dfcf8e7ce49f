import { Text, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatRelativeTime, formatUtcDateTime } from '../format';

/** '5 minutes ago', with the exact UTC time in a tooltip; re-rendered every minute. */
export function RelativeTime({ value }: { value: string }) {
  const now = useMinuteClock();
  return (
    <Tooltip label={formatUtcDateTime(value)} openDelay={0} withinPortal>
      <Text component="time" dateTime={value} size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatRelativeTime(value, now)}
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

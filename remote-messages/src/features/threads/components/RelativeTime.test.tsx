import { MantineProvider } from '@mantine/core';
import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RelativeTime } from './RelativeTime';

describe('relative times', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:30.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('share one clock, read again each minute while a time is shown', () => {
    const { unmount } = render(
      <MantineProvider>
        <RelativeTime value="2026-11-20T09:58:00.000Z" />
        <RelativeTime value="2026-11-20T09:00:00.000Z" />
        <RelativeTime value="2026-11-20T10:00:50.000Z" />
      </MantineProvider>,
    );
    const times = () => [...document.querySelectorAll('time')].map((element) => element.textContent);
    // At 10:00:30; a time ahead of the clock is 'now'.
    expect(times()).toEqual(['2 minutes ago', '1 hour ago', 'now']);
    expect(vi.getTimerCount()).toBe(1);

    act(() => vi.advanceTimersByTime(59_000));
    expect(times()).toEqual(['2 minutes ago', '1 hour ago', 'now']);
    // 10:01:30
    act(() => vi.advanceTimersByTime(1_000));
    expect(times()).toEqual(['3 minutes ago', '1 hour ago', '40 seconds ago']);
    // 10:02:30
    act(() => vi.advanceTimersByTime(60_000));
    expect(times()).toEqual(['4 minutes ago', '1 hour ago', '1 minute ago']);
    expect(vi.getTimerCount()).toBe(1);

    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('render on the server too (the Message Center arrives rendered by it)', () => {
    const html = renderToString(
      <MantineProvider>
        <RelativeTime value="2026-11-20T09:58:00.000Z" />
      </MantineProvider>,
    );
    expect(html).toContain('2 minutes ago');
    expect(vi.getTimerCount()).toBe(0);
  });
});

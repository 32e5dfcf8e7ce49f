import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STREAM_POLL_MS, useEventStreamPollInterval, useOrganizationEvents } from './events';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: { withCredentials?: boolean },
  ) {
    FakeEventSource.instances.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  fail(fatal: boolean) {
    this.readyState = fatal ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

const ORG = '0b5c4e2a-1111-4a8e-9c1e-2f1d3c4b5a60';
const THREAD = '7f0e3c1a-2222-4b8e-8c1e-2f1d3c4b5a61';
const MESSAGE = '9a1b2c3d-3333-4c8e-9c1e-2f1d3c4b5a62';
const live = () => FakeEventSource.instances.filter((source) => !source.closed);

describe('the organization event stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('opens one EventSource per organization for every subscriber and hands each the parsed events', () => {
    const first = vi.fn();
    const second = vi.fn();
    const a = renderHook(() => useOrganizationEvents(ORG, { onEvent: first }));
    const b = renderHook(() => useOrganizationEvents(ORG, { onEvent: second }));
    expect(live()).toHaveLength(1);
    expect(live()[0]?.url).toBe(`/api/v0/organizations/${ORG}/events`);

    act(() => live()[0]?.open());
    expect(a.result.current).toBe('open');
    act(() => live()[0]?.send({ type: 'message.created', threadUid: THREAD, messageUid: MESSAGE }));
    // Unknown types and garbage are ignored, not thrown.
    act(() => live()[0]?.send({ type: 'wallet.exploded' }));
    act(() => live()[0]?.send('not json'));
    const event = { type: 'message.created', threadUid: THREAD, messageUid: MESSAGE };
    expect(first.mock.calls).toEqual([[event]]);
    expect(second.mock.calls).toEqual([[event]]);

    a.unmount();
    b.unmount();
    act(() => vi.advanceTimersByTime(10_000));
    expect(live()).toHaveLength(0);
  });

  it('polls while the stream is down, reconnects after a fatal error and asks subscribers to resync', () => {
    const onResync = vi.fn();
    const events = renderHook(() => useOrganizationEvents(ORG, { onResync }));
    const poll = renderHook(() => useEventStreamPollInterval(ORG));
    expect(poll.result.current).toBe(EVENT_STREAM_POLL_MS);
    act(() => live()[0]?.open());
    expect(poll.result.current).toBe(false);

    // The server answered with an error: the browser gives up, so the client opens a new one later.
    act(() => live()[0]?.fail(true));
    expect(events.result.current).toBe('down');
    expect(poll.result.current).toBe(EVENT_STREAM_POLL_MS);
    expect(live()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1_000));
    expect(live()).toHaveLength(1);
    expect(onResync).not.toHaveBeenCalled();
    act(() => live()[0]?.open());
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(poll.result.current).toBe(false);

    // A dropped connection the browser retries by itself: no second EventSource.
    act(() => live()[0]?.fail(false));
    expect(poll.result.current).toBe(EVENT_STREAM_POLL_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => live()[0]?.open());
    expect(onResync).toHaveBeenCalledTimes(2);
    events.unmount();
    poll.unmount();
    act(() => vi.advanceTimersByTime(10_000));
  });
});

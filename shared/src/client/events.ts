import { useEffect, useRef, useSyncExternalStore } from 'react';
import { organizationEventsPath, parseOrganizationEvent, type TOrganizationEvent } from '../contracts/events';

/**
 * The browser's one server-sent-events stream per organization (GET organizations/{orgUid}/events).
 * This module is part of the @dash/shared federation singleton, so the shell and every remote share
 * one EventSource per organization however many areas listen. Areas subscribe with
 * `useOrganizationEvents`; while the stream is down their queries poll (`useEventStreamPollInterval`),
 * and once it is back every subscriber is asked to resync what it may have missed.
 */
export type TEventStreamStatus = 'connecting' | 'open' | 'down';

/** How often queries fed by the stream poll while it is not connected. */
export const EVENT_STREAM_POLL_MS = 10_000;
/** Waits before opening a new EventSource after the browser gave up on one. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** The stream outlives its last subscriber briefly, so moving between areas does not reconnect. */
const IDLE_CLOSE_MS = 5_000;

export interface OrganizationEventHandlers {
  onEvent?: (event: TOrganizationEvent) => void;
  /** The stream is connected again after a gap: refetch what events may have been missed. */
  onResync?: () => void;
}

class OrganizationEventStream {
  status: TEventStreamStatus = 'connecting';
  private source: EventSource | null = null;
  private readonly subscribers = new Set<OrganizationEventHandlers>();
  private readonly statusListeners = new Set<() => void>();
  private attempt = 0;
  private hadGap = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly organizationUid: string) {}

  subscribe(handlers: OrganizationEventHandlers): () => void {
    clearTimeout(this.idleTimer);
    this.subscribers.add(handlers);
    if (!this.source && this.reconnectTimer === undefined) this.connect();
    return () => {
      this.subscribers.delete(handlers);
      if (this.subscribers.size === 0) this.idleTimer = setTimeout(() => this.close(), IDLE_CLOSE_MS);
    };
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: TEventStreamStatus) {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private connect() {
    this.reconnectTimer = undefined;
    if (typeof EventSource === 'undefined') {
      this.setStatus('down');
      return;
    }
    const source = new EventSource(organizationEventsPath(this.organizationUid), { withCredentials: true });
    this.source = source;
    source.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      if (this.hadGap) {
        this.hadGap = false;
        for (const subscriber of this.subscribers) subscriber.onResync?.();
      }
    };
    source.onmessage = (message: MessageEvent<string>) => this.dispatch(message.data);
    source.onerror = () => {
      this.hadGap = true;
      this.setStatus('down');
      // The browser retries by itself unless the answer was fatal (not 200, not text/event-stream).
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        this.source = null;
        const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
        this.attempt += 1;
        this.reconnectTimer = setTimeout(() => this.connect(), delay);
      }
    };
  }

  private dispatch(data: string) {
    // An event this build does not know (a newer API) is ignored, not an error.
    const event = parseOrganizationEvent(data);
    if (!event) return;
    for (const subscriber of this.subscribers) subscriber.onEvent?.(event);
  }

  private close() {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.source?.close();
    this.source = null;
    this.attempt = 0;
    this.hadGap = false;
    this.setStatus('connecting');
  }
}

const streams = new Map<string, OrganizationEventStream>();

function streamOf(organizationUid: string): OrganizationEventStream {
  let stream = streams.get(organizationUid);
  if (!stream) {
    stream = new OrganizationEventStream(organizationUid);
    streams.set(organizationUid, stream);
  }
  return stream;
}

/** Subscribes to one organization's events while the component is mounted; returns the stream's status. */
export function useOrganizationEvents(
  organizationUid: string,
  handlers: OrganizationEventHandlers,
): TEventStreamStatus {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(
    () =>
      streamOf(organizationUid).subscribe({
        onEvent: (event) => latest.current.onEvent?.(event),
        onResync: () => latest.current.onResync?.(),
      }),
    [organizationUid],
  );
  return useEventStreamStatus(organizationUid);
}

export function useEventStreamStatus(organizationUid: string): TEventStreamStatus {
  const stream = streamOf(organizationUid);
  return useSyncExternalStore(
    (listener) => stream.onStatus(listener),
    () => stream.status,
    () => 'connecting',
  );
}

/** A query's refetchInterval: off while the stream delivers updates, polling while it does not. */
export function useEventStreamPollInterval(organizationUid: string): number | false {
  return useEventStreamStatus(organizationUid) === 'open' ? false : EVENT_STREAM_POLL_MS;
}

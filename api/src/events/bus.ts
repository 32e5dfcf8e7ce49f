import { randomBytes } from 'node:crypto';
import type { TOrganizationEvent } from '@dash/shared/contracts';
import type { ClusterLink } from './cluster';

/** An event as subscribers receive it: with the id the SSE stream sends as `id:`. */
export interface PublishedEvent {
  id: string;
  event: TOrganizationEvent;
}

export type EventListener = (published: PublishedEvent) => void;

/**
 * The one event bus behind the browser's event stream. Services publish AFTER their transaction
 * committed (an event about a row a reader cannot see yet would make the page refetch too early).
 * Publishing never fails the caller's request: delivery is best effort, and the page also refetches
 * when its stream reconnects. This implementation is in-process; with several API processes it is
 * replaced by one on PostgreSQL LISTEN/NOTIFY behind the same interface.
 */
export interface EventBus {
  publish(organizationUid: string, event: TOrganizationEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(organizationUid: string, listener: EventListener): () => void;
  /** Open subscriptions (for tests and the log). */
  subscriberCount(organizationUid?: string): number;
}

export function createInProcessEventBus(
  options: { onListenerError?: (error: unknown) => void } = {},
): EventBus {
  const listeners = new Map<string, Set<EventListener>>();
  // Ids are unique per process start, and increase within it.
  const boot = randomBytes(4).toString('hex');
  let sequence = 0;

  return {
    async publish(organizationUid, event) {
      sequence += 1;
      const published = { id: `${boot}-${sequence}`, event };
      for (const listener of listeners.get(organizationUid) ?? []) {
        try {
          listener(published);
        } catch (error) {
          options.onListenerError?.(error);
        }
      }
    },

    subscribe(organizationUid, listener) {
      let set = listeners.get(organizationUid);
      if (!set) {
        set = new Set();
        listeners.set(organizationUid, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(organizationUid);
        current?.delete(listener);
        if (current?.size === 0) listeners.delete(organizationUid);
      };
    },

    subscriberCount(organizationUid) {
      if (organizationUid !== undefined) return listeners.get(organizationUid)?.size ?? 0;
      let count = 0;
      for (const set of listeners.values()) count += set.size;
      return count;
    },
  };
}

/**
 * The bus every process uses: the local one, plus the other API processes on the same database
 * through the cluster link (a no-op with the embedded database). `onChange` runs for every event,
 * local or remote: an event means something was written (the read cache forgets what it held).
 */
export function createClusteredEventBus(
  local: EventBus,
  link: ClusterLink,
  options: {
    /** A write in the organization happened (this process's event or another's). */
    onChange?: (organizationUid: string) => void;
    /** An event this process published (not one relayed from another): each is acted on once. */
    onPublished?: (organizationUid: string, event: TOrganizationEvent) => void;
    onBroadcastError?: (error: unknown) => void;
  } = {},
): EventBus {
  link.onMessage((message) => {
    if (message.type !== 'event') return;
    options.onChange?.(message.organizationUid);
    void local.publish(message.organizationUid, message.event);
  });
  return {
    async publish(organizationUid, event) {
      options.onChange?.(organizationUid);
      await local.publish(organizationUid, event);
      options.onPublished?.(organizationUid, event);
      try {
        await link.broadcast({ type: 'event', organizationUid, event });
      } catch (error) {
        options.onBroadcastError?.(error);
      }
    },
    subscribe: (organizationUid, listener) => local.subscribe(organizationUid, listener),
    subscriberCount: (organizationUid) => local.subscriberCount(organizationUid),
  };
}

import { randomUUID } from 'node:crypto';
import { type TOrganizationEvent, ZOrganizationEvent } from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';

/**
 * What one API process tells the others sharing its database: an organization event (so a browser
 * connected to another process hears it) or "forget your cached reads" (something was written).
 */
export type ClusterMessage =
  | { type: 'event'; organizationUid: string; event: TOrganizationEvent }
  /** Forget cached reads: of one organization (and the unscoped ones), or all without one. */
  | { type: 'invalidate'; organizationUid?: string | undefined };

const ZClusterEnvelope = z.object({
  from: z.string(),
  /** Present when the sender waits for every other process to acknowledge this message. */
  seq: z.number().int().optional(),
  message: z.discriminatedUnion('type', [
    z.object({ type: z.literal('event'), organizationUid: z.string(), event: ZOrganizationEvent }),
    z.object({ type: z.literal('invalidate'), organizationUid: z.string().optional() }),
    // The link's own traffic: a process's pulse to itself, and "applied your message `seq`".
    z.object({ type: z.literal('heartbeat') }),
    z.object({ type: z.literal('ack'), to: z.string(), seq: z.number().int() }),
  ]),
});

/**
 * The link between the API processes that share one database. With the embedded PGlite there is
 * only ever one process (PGlite admits one), so the link is empty. On PostgreSQL it is
 * LISTEN/NOTIFY on one channel: no broker to run, and a NOTIFY is delivered only once its
 * transaction commits.
 */
export interface ClusterLink {
  readonly kind: 'single' | 'postgres';
  /**
   * Sends to every other process (never back to this one). Resolves once each process connected
   * to the database has applied it (its handlers ran), or after `ackTimeoutMs` for one that did not
   * answer (that one is stalled, and `isCurrent` is false there until it catches up).
   */
  broadcast(message: ClusterMessage): Promise<void>;
  /**
   * Whether this process has applied every message the others have finished broadcasting: its
   * link is up and it heard its own heartbeat recently (notifications arrive in commit order, so
   * everything committed before that heartbeat was handled before it). What it cached may be
   * served only while this holds.
   */
  isCurrent(): boolean;
  /** Messages from the other processes. */
  onMessage(handler: (message: ClusterMessage) => void): void;
  /** After the link was lost and is back: messages sent meanwhile were missed. */
  onResync(handler: () => void): void;
  close(): Promise<void>;
}

export function createSingleProcessLink(): ClusterLink {
  return {
    kind: 'single',
    async broadcast() {},
    isCurrent: () => true,
    onMessage() {},
    onResync() {},
    async close() {},
  };
}

export const CLUSTER_CHANNEL = 'dash_cluster';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; events only name what changed. */
const MAX_PAYLOAD_BYTES = 7_900;
/** How the processes find each other: the application name of their listening connections. */
export const CLUSTER_APPLICATION_PREFIX = 'dash-cluster:';
/** Each process notifies itself this often (ms). */
const HEARTBEAT_MS = 250;
/** A process whose own heartbeat is older than this (ms) serves nothing from memory. */
const TRUST_MS = 1_000;
/** How long (ms) a broadcast waits for a process that does not acknowledge it: above TRUST_MS. */
const ACK_TIMEOUT_MS = 2_000;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries), NOTIFY through
 * the pool. A lost listening connection is re-opened with backoff; the resync handlers run once it
 * is back, since whatever was sent meanwhile is gone.
 *
 * Exact at once, not within milliseconds: a broadcast resolves only when every other process has
 * applied it. The sender lists the processes by their listening connections (pg_stat_activity,
 * application name `dash-cluster:<id>`) and waits for each one's acknowledgement. One that does not
 * answer within ACK_TIMEOUT_MS is stalled (paused, or its event loop blocked): it then has not heard
 * its own heartbeat for longer than TRUST_MS either, since that heartbeat would have arrived after
 * this message, so it reads from the database, not from memory, until it has caught up.
 */
export async function createPostgresLink(options: {
  url: string;
  pool: pg.Pool;
  log: FastifyBaseLogger;
  retryMs?: number;
  /** Timings (ms), for tests: how often this process pulses, and what it waits for and trusts. */
  heartbeatMs?: number;
  trustMs?: number;
  ackTimeoutMs?: number;
}): Promise<ClusterLink> {
  const id = randomUUID();
  const messageHandlers: Array<(message: ClusterMessage) => void> = [];
  const resyncHandlers: Array<() => void> = [];
  const retryMs = options.retryMs ?? 1_000;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const trustMs = options.trustMs ?? TRUST_MS;
  const ackTimeoutMs = options.ackTimeoutMs ?? ACK_TIMEOUT_MS;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  /** When this process last heard its own heartbeat (0: not since the link came up). */
  let heardSelfAt = 0;
  let nextSeq = 1;
  /** Broadcasts waiting for acknowledgements: the processes still to answer. */
  const awaiting = new Map<number, { pending: Set<string>; done: () => void }>();

  const notify = (via: Pick<pg.Pool, 'query'>, envelope: z.input<typeof ZClusterEnvelope>) =>
    via.query('select pg_notify($1, $2)', [CLUSTER_CHANNEL, JSON.stringify(envelope)]);

  const deliver = (connection: pg.Client, payload: string | undefined) => {
    let parsed: z.infer<typeof ZClusterEnvelope>;
    try {
      const envelope = ZClusterEnvelope.safeParse(JSON.parse(payload ?? ''));
      if (!envelope.success) throw envelope.error;
      parsed = envelope.data;
    } catch (error) {
      options.log.warn({ err: error }, 'Ignored a cluster message this process does not understand');
      return;
    }
    const { message } = parsed;
    if (message.type === 'heartbeat') {
      if (parsed.from === id) heardSelfAt = Date.now();
      return;
    }
    if (message.type === 'ack') {
      const waiting = message.to === id ? awaiting.get(message.seq) : undefined;
      if (waiting?.pending.delete(parsed.from) && waiting.pending.size === 0) waiting.done();
      return;
    }
    if (parsed.from === id) return;
    for (const handler of messageHandlers) {
      try {
        handler(message);
      } catch (error) {
        options.log.error({ err: error }, 'A cluster message handler failed');
      }
    }
    // Applied: the sender may answer its caller.
    const { seq } = parsed;
    if (seq !== undefined) {
      notify(connection, { from: id, message: { type: 'ack', to: parsed.from, seq } }).catch((error) =>
        options.log.warn({ err: error }, 'Could not acknowledge a cluster message'),
      );
    }
  };

  /** The other processes listening now, by id. */
  const peers = async (): Promise<string[]> => {
    const { rows } = await options.pool.query<{ name: string }>(
      'select application_name as name from pg_stat_activity where starts_with(application_name, $1)',
      [CLUSTER_APPLICATION_PREFIX],
    );
    return rows.map((row) => row.name.slice(CLUSTER_APPLICATION_PREFIX.length)).filter((peer) => peer !== id);
  };

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.url,
      application_name: `${CLUSTER_APPLICATION_PREFIX}${id}`,
    });
    next.on('notification', (notification) => {
      if (notification.channel === CLUSTER_CHANNEL) deliver(next, notification.payload);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      heardSelfAt = 0;
      next.removeAllListeners('end');
      next.end().catch(() => {});
      if (closed) return;
      options.log.warn({ err: error }, 'Lost the cluster link; reconnecting');
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${CLUSTER_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    if (isReconnect) {
      // Before this process counts as current again: what it kept may have missed writes.
      options.log.info('Cluster link back');
      for (const handler of resyncHandlers) handler();
    }
    client = next;
    await notify(next, { from: id, message: { type: 'heartbeat' } });
  };

  const scheduleReconnect = () => {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = null;
      connect(true).catch((error) => {
        options.log.warn({ err: error }, 'Cluster link still down');
        scheduleReconnect();
      });
    }, retryMs);
    retry.unref();
  };

  await connect(false);
  const heartbeat = setInterval(() => {
    if (client) notify(client, { from: id, message: { type: 'heartbeat' } }).catch(() => {});
  }, heartbeatMs);
  heartbeat.unref();

  return {
    kind: 'postgres',
    async broadcast(given) {
      let message: ClusterMessage = given;
      if (Buffer.byteLength(JSON.stringify({ from: id, seq: 0, message })) > MAX_PAYLOAD_BYTES) {
        // Too big to travel: the others forget their cached reads instead, which is always safe.
        options.log.warn({ type: message.type }, 'A cluster message was too large; sent an invalidation');
        message = { type: 'invalidate' };
      }
      const seq = nextSeq++;
      // Listed before the message is sent: one that starts listening later has nothing cached
      // from before it (a process reconnecting starts over).
      const pending = new Set(await peers());
      if (pending.size === 0) {
        await notify(options.pool, { from: id, seq, message });
        return;
      }
      const applied = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          awaiting.delete(seq);
          options.log.warn(
            { processes: [...pending], seq },
            'Cluster processes did not acknowledge a message in time; they serve nothing from memory until they catch up',
          );
          resolve();
        }, ackTimeoutMs);
        awaiting.set(seq, {
          pending,
          done: () => {
            clearTimeout(timer);
            awaiting.delete(seq);
            resolve();
          },
        });
      });
      try {
        await notify(options.pool, { from: id, seq, message });
      } catch (error) {
        awaiting.get(seq)?.done();
        throw error;
      }
      await applied;
    },
    isCurrent: () => client !== null && heardSelfAt !== 0 && Date.now() - heardSelfAt < trustMs,
    onMessage(handler) {
      messageHandlers.push(handler);
    },
    onResync(handler) {
      resyncHandlers.push(handler);
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      for (const waiting of awaiting.values()) waiting.done();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

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
  message: z.discriminatedUnion('type', [
    z.object({ type: z.literal('event'), organizationUid: z.string(), event: ZOrganizationEvent }),
    z.object({ type: z.literal('invalidate'), organizationUid: z.string().optional() }),
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
  /** Sends to every other process (never back to this one). Resolves once the database took it. */
  broadcast(message: ClusterMessage): Promise<void>;
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
    onMessage() {},
    onResync() {},
    async close() {},
  };
}

export const CLUSTER_CHANNEL = 'dash_cluster';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; events only name what changed. */
const MAX_PAYLOAD_BYTES = 7_900;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries), NOTIFY through
 * the pool. A lost listening connection is re-opened with backoff; the resync handlers run once it
 * is back, since whatever was sent meanwhile is gone.
 */
export async function createPostgresLink(options: {
  url: string;
  pool: pg.Pool;
  log: FastifyBaseLogger;
  retryMs?: number;
}): Promise<ClusterLink> {
  const id = randomUUID();
  const messageHandlers: Array<(message: ClusterMessage) => void> = [];
  const resyncHandlers: Array<() => void> = [];
  const retryMs = options.retryMs ?? 1_000;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const deliver = (payload: string | undefined) => {
    let parsed: z.infer<typeof ZClusterEnvelope>;
    try {
      const envelope = ZClusterEnvelope.safeParse(JSON.parse(payload ?? ''));
      if (!envelope.success) throw envelope.error;
      parsed = envelope.data;
    } catch (error) {
      options.log.warn({ err: error }, 'Ignored a cluster message this process does not understand');
      return;
    }
    if (parsed.from === id) return;
    for (const handler of messageHandlers) {
      try {
        handler(parsed.message as ClusterMessage);
      } catch (error) {
        options.log.error({ err: error }, 'A cluster message handler failed');
      }
    }
  };

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', (notification) => {
      if (notification.channel === CLUSTER_CHANNEL) deliver(notification.payload);
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
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
    client = next;
    if (isReconnect) {
      options.log.info('Cluster link back');
      for (const handler of resyncHandlers) handler();
    }
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

  return {
    kind: 'postgres',
    async broadcast(message) {
      const payload = JSON.stringify({ from: id, message });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        // Too big to travel: the others forget their cached reads instead, which is always safe.
        options.log.warn({ type: message.type }, 'A cluster message was too large; sent an invalidation');
        await options.pool.query('select pg_notify($1, $2)', [
          CLUSTER_CHANNEL,
          JSON.stringify({ from: id, message: { type: 'invalidate' } }),
        ]);
        return;
      }
      await options.pool.query('select pg_notify($1, $2)', [CLUSTER_CHANNEL, payload]);
    },
    onMessage(handler) {
      messageHandlers.push(handler);
    },
    onResync(handler) {
      resyncHandlers.push(handler);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

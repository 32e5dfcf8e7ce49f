import {
  codedMessage,
  ORGANIZATION_EVENTS_HEARTBEAT_MS,
  ORGANIZATION_EVENTS_RETRY_MS,
  ZUid,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors';
import {
  ORGANIZATION_IN_PATH_ACCESS,
  requireOrganizationByUid,
  requireUser,
  stillAllowed,
} from '../http/guards';
import { documentRoute } from '../http/openapi';
import type { EventBus } from './bus';

/**
 * GET organizations/{orgUid}/events: the organization's event stream as server-sent events.
 * EventSource sends no headers, so the organization is in the path; the session cookie and
 * membership are checked like any organization-scoped call (401, 404). The stream announces
 * `retry:`, sends a comment every ORGANIZATION_EVENTS_HEARTBEAT_MS (proxies close idle streams),
 * and one `id:` + `data:` per event. Access is asked again before every event and heartbeat: the
 * stream of a caller who signed out or was removed ends there, and sends nothing more. Streams still
 * open when the API stops are ended.
 */
export function registerEventRoutes(
  app: FastifyInstance,
  deps: { events: EventBus; heartbeatMs?: number },
): void {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  documentRoute(app, {
    method: 'GET',
    url: '/organizations/:organizationUid/events',
    summary: "The organization's live events (server-sent events; members only)",
    access: ORGANIZATION_IN_PATH_ACCESS,
    responses: { 200: { contentType: 'text/event-stream', description: 'One ZOrganizationEvent per event' } },
  });
  app.get('/organizations/:organizationUid/events', async (request, reply) => {
    const { organizationUid } = request.params as { organizationUid: string };
    const uid = ZUid.safeParse(organizationUid);
    if (!uid.success) {
      await requireUser(request);
      throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
    }
    const { user } = await requireOrganizationByUid(request, uid.data, 'organization.read');

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write(`retry: ${ORGANIZATION_EVENTS_RETRY_MS}\n: connected\n\n`);

    let ended = false;
    // One write at a time, in order, each after asking whether the caller may still read.
    let queue = Promise.resolve();
    const send = (text: string) => {
      queue = queue.then(async () => {
        if (ended) return;
        const allowed = await stillAllowed(request, uid.data, 'organization.read').catch(() => false);
        if (!allowed) {
          end();
          return;
        }
        if (!ended) raw.write(text);
      });
    };
    const unsubscribe = deps.events.subscribe(uid.data, ({ id, event }) => {
      send(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => {
      send(': heartbeat\n\n');
    }, deps.heartbeatMs ?? ORGANIZATION_EVENTS_HEARTBEAT_MS);
    heartbeat.unref();

    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      if (!raw.writableEnded) raw.end();
    };
    open.add(end);
    request.raw.on('close', end);
    raw.on('close', end);
    raw.on('error', end);
    request.log.debug({ organizationUid: uid.data, userUid: user.uid }, 'Event stream opened');
  });
}

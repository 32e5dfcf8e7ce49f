import { ORGANIZATION_EVENTS_HEARTBEAT_MS, ORGANIZATION_EVENTS_RETRY_MS, ZUid } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors';
import { ORGANIZATION_NOT_FOUND_MESSAGE, requireOrganizationByUid, requireUser } from '../http/guards';
import { documentRoute } from '../http/openapi';
import type { EventBus } from './bus';

/**
 * GET organizations/{orgUid}/events: the organization's event stream as server-sent events.
 * EventSource sends no headers, so the organization is in the path; the session cookie and
 * membership are checked like any organization-scoped call (401, 404). The stream announces
 * `retry:`, sends a comment every ORGANIZATION_EVENTS_HEARTBEAT_MS (proxies close idle streams),
 * and one `id:` + `data:` per event. Streams still open when the API stops are ended.
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
    responses: { 200: { contentType: 'text/event-stream', description: 'One ZOrganizationEvent per event' } },
  });
  app.get('/organizations/:organizationUid/events', async (request, reply) => {
    const { organizationUid } = request.params as { organizationUid: string };
    const uid = ZUid.safeParse(organizationUid);
    if (!uid.success) {
      await requireUser(request);
      throw new AppError('NOT_FOUND', ORGANIZATION_NOT_FOUND_MESSAGE);
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

    const unsubscribe = deps.events.subscribe(uid.data, ({ id, event }) => {
      raw.write(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => {
      raw.write(': heartbeat\n\n');
    }, deps.heartbeatMs ?? ORGANIZATION_EVENTS_HEARTBEAT_MS);
    heartbeat.unref();

    let ended = false;
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

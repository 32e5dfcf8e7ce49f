import { ZMailboxQuery, ZMailboxResponse } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route';
import type { DevService } from './service';

/** Registered only while the outbox is on (no SMTP_URL, not production); otherwise the route is a 404. */
export function registerDevRoutes(app: FastifyInstance, deps: { dev: DevService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/dev/mailbox',
    query: ZMailboxQuery,
    response: ZMailboxResponse,
    async handler({ query }) {
      return deps.dev.mailbox(query);
    },
  });
}

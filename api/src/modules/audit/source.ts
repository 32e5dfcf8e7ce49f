import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Where a change came from, recorded with every audit row: an API request, or a job. */
export interface AuditSource {
  /** Fastify's request id (also answered as x-request-id), or 'job:<kind>:<id>'. */
  requestId: string | null;
  /** The caller's address (behind a trusted proxy: the client's); null for jobs. */
  ip: string | null;
  /** The API key the request authenticated with (http/guards.ts): the actor of what it changes. */
  apiKey?: { uid: string; name: string };
}

const storage = new AsyncLocalStorage<AuditSource>();

/** The source of the code running now; a terminal command (pnpm ops) has none. */
export function currentAuditSource(): AuditSource {
  return storage.getStore() ?? { requestId: null, ip: null };
}

/** Names the API key the running request acts as (set by its guard once the key is known). */
export function actAsApiKey(apiKey: { uid: string; name: string }): void {
  const source = storage.getStore();
  if (source) source.apiKey = apiKey;
}

/** Runs `work` (and everything it starts) as coming from `source`, e.g. a job. */
export function withAuditSource<T>(source: AuditSource, work: () => T): T {
  return storage.run(source, work);
}

/**
 * Every request runs as its own source, so services record the request id and IP without passing
 * them through every call. Jobs the request wakes set their own (jobs/runner.ts).
 */
export function registerAuditSource(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    storage.run({ requestId: request.id, ip: request.ip }, done);
  });
}

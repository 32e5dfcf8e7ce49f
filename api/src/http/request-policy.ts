import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_ORIGIN_MESSAGE = 'Cross-origin request refused';

/**
 * CSRF defence in depth beside SameSite=Lax: a browser always names the page that sent a mutating
 * request (Origin, Sec-Fetch-Site), so a foreign one is refused. Callers without those headers
 * (curl, server to server) carry no ambient cookie risk and pass.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!MUTATING_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new AppError('FORBIDDEN', CROSS_ORIGIN_MESSAGE);
      // An allowed origin may sit on another site (ALLOWED_ORIGINS), so its Sec-Fetch-Site is not held against it.
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new AppError('FORBIDDEN', CROSS_ORIGIN_MESSAGE);
  });
}

/**
 * API answers are per user and change with every write: never cache them (errors included), unless
 * a route chose its own policy (an avatar image, addressed by a cache-busting URL).
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 && reply.hasHeader('cache-control')) return payload;
    reply.header('cache-control', 'no-store');
    return payload;
  });
}

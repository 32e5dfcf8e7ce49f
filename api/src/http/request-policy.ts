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

export const ILL_FORMED_TEXT_MESSAGE = 'Text must be valid Unicode (it has a lone surrogate).';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

/**
 * The dot path of the first string in a parsed JSON body, a key or a value, that is not well-formed
 * Unicode: a lone surrogate, which only a `\uD800`-style escape can carry. A database cannot store
 * one (PGlite refuses it; `pg` would silently store U+FFFD instead). `''` is the body itself;
 * undefined means every string is well formed. Iterative, so a deeply nested body cannot overflow
 * the stack. Only plain objects and arrays are walked (a streamed upload's body is neither).
 */
export function illFormedTextPath(body: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[body, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (!wellFormed(value)) return path;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push([item, path === '' ? String(index) : `${path}.${index}`]);
      });
      continue;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) continue;
    for (const [key, item] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!wellFormed(key)) return at;
      pending.push([item, at]);
    }
  }
  return undefined;
}

/** Every JSON body's text is well-formed Unicode, or the request is a 400 naming the field. */
export function registerWellFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) return;
    const path = illFormedTextPath(request.body);
    if (path === undefined) return;
    throw new AppError(
      'VALIDATION',
      ILL_FORMED_TEXT_MESSAGE,
      path === '' ? undefined : { [path]: ILL_FORMED_TEXT_MESSAGE },
    );
  });
}

import { API_KEY_PATTERN, codedMessage, english } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { bearerSecret } from './guards';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_ORIGIN_MESSAGE = english('messages.crossOriginRefused');

/**
 * CSRF defence in depth beside SameSite=Lax: a browser always names the page that sent a mutating
 * request (Origin, Sec-Fetch-Site), so a foreign one is refused. Callers without those headers
 * (curl, server to server) carry no ambient cookie risk and pass, and so does a request with an
 * API key: the guards authenticate it by that key alone, never by a cookie the browser added.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!MUTATING_METHODS.has(request.method)) return;
    const secret = bearerSecret(request);
    if (secret !== undefined && API_KEY_PATTERN.test(secret)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new AppError('FORBIDDEN', codedMessage('messages.crossOriginRefused'));
      // An allowed origin may sit on another site (ALLOWED_ORIGINS), so its Sec-Fetch-Site is not held against it.
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new AppError('FORBIDDEN', codedMessage('messages.crossOriginRefused'));
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

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A `\uD800`-`\uDFFF` escape in JSON text: the only way a body can carry a surrogate on its own. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);

/**
 * The dot path of the first string in a parsed JSON value, a key or a value, that is not well-formed
 * Unicode; `''` is the value itself, undefined means every string is well formed. Iterative, so a
 * deeply nested body cannot overflow the stack.
 */
function illFormedTextPath(json: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[json, '']];
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
    for (const [key, item] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!wellFormed(key)) return at;
      pending.push([item, at]);
    }
  }
  return undefined;
}

/**
 * A request body's text must be well-formed Unicode: a lone surrogate (which only a `\uD800`-style
 * escape can carry) is a 400 naming the field. A database cannot store one (PGlite refuses it; `pg`
 * would silently store U+FFFD instead). Only a body whose text has such an escape is walked.
 */
export function illFormedTextError(text: string, json: unknown): AppError | undefined {
  if (!SURROGATE_ESCAPE.test(text)) return undefined;
  const path = illFormedTextPath(json);
  if (path === undefined) return undefined;
  return new AppError(
    'VALIDATION',
    codedMessage('messages.illFormedText'),
    path === '' ? undefined : { [path]: codedMessage('messages.illFormedText') },
  );
}

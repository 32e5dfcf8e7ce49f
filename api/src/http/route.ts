import { codedMessage, english, type TErrorCode, type TMessageCode } from '@dash/shared/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, bodyTypeMessage, validationError } from './errors';
import { accessOfGuard, documentRoute, PUBLIC_ACCESS, type RouteAccess } from './openapi';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type MaybeSchema = z.ZodType | undefined;
type Parsed<S extends MaybeSchema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<TAuth, TParams, TQuery, TBody> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** What the guard returned (the user, or the user and organization). */
  auth: TAuth;
  params: TParams;
  query: TQuery;
  body: TBody;
}

export interface RouteSpec<
  TAuth,
  TParams extends MaybeSchema,
  TQuery extends MaybeSchema,
  TBody extends MaybeSchema,
  TResponse extends z.ZodType | null,
> {
  method: Method;
  /** Relative to the plugin's prefix (/api/v0). */
  url: string;
  /** Status of a successful answer: 200 by default, 204 when `response` is null. */
  status?: number;
  /**
   * Runs before any input is parsed, so an anonymous caller learns nothing about validation:
   * e.g. `guard: (request) => requireOrganization(request, 'organization.update')`.
   */
  guard?: (request: FastifyRequest) => Promise<TAuth>;
  /**
   * Who may call it, for the API reference: by default what the guard was documented with
   * (`organizationGuard`, `requireUser`… in guards.ts; `documentGuard` for others), public without
   * a guard. A guard nobody documented is refused at start-up, so the reference cannot be wrong.
   */
  access?: RouteAccess;
  /** A money POST that goes through runIdempotent: the reference asks for an Idempotency-Key. */
  idempotent?: boolean;
  /** Errors the handler's own rules may answer (the guard's and the inputs' are known). */
  errors?: readonly TErrorCode[];
  /** Message codes the handler's own rules may answer with (the guard's and the contracts' are known). */
  messageCodes?: readonly TMessageCode[];
  params?: TParams;
  query?: TQuery;
  /** The request body contract; a route without one ignores the body. */
  body?: TBody;
  /** The contract every successful answer is checked against; null answers 204 with no body. */
  response: TResponse;
  /** One line for the API reference (GET /api/v0/openapi.json). */
  summary?: string;
  /**
   * For hot reads: the answer, checked and serialized once, is kept in the read cache (when it is
   * on) under this key, until the next write or event (http/read-cache.ts). The key must name
   * everything the answer depends on (organization, user, parameters); undefined skips the cache.
   */
  cacheKey?: (
    context: RouteContext<TAuth, Parsed<TParams>, Parsed<TQuery>, Parsed<TBody>>,
  ) => string | undefined;
  handler(
    context: RouteContext<TAuth, Parsed<TParams>, Parsed<TQuery>, Parsed<TBody>>,
  ): Promise<NoInfer<TResponse extends z.ZodType ? z.input<TResponse> : void>>;
}

export const NUL_CHARACTER_MESSAGE = english('messages.nulCharacter');

/** The path of the first string holding a NUL character (no database can store one in text). */
function pathOfNul(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = pathOfNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

function parseOrThrow(schema: MaybeSchema, value: unknown, part?: 'body'): unknown {
  if (schema === undefined) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) {
    // A body that is not there, or not an object at all, is one mistake (zod's own words for it name
    // its internal types: "expected object, received undefined").
    const [first] = result.error.issues;
    if (part === 'body' && first?.code === 'invalid_type' && first.path.length === 0)
      throw new AppError(
        'VALIDATION',
        value === undefined ? codedMessage('messages.bodyEmpty') : bodyTypeMessage(first.expected),
      );
    throw validationError(result.error);
  }
  const nul = pathOfNul(result.data);
  if (nul) {
    const name = nul.join('.');
    throw new AppError(
      'VALIDATION',
      codedMessage('messages.nulCharacter'),
      name === '' ? undefined : { [name]: codedMessage('messages.nulCharacter') },
    );
  }
  return result.data;
}

/**
 * Declares one endpoint: the guard authorises, then params, query and body are parsed with their zod contracts (a failure is a
 * 400 VALIDATION with per-field messages), the handler runs, and its answer is checked against the
 * response contract before it leaves (a mismatch is our bug: a 500, logged).
 */
export function defineRoute<
  TAuth = undefined,
  TParams extends MaybeSchema = undefined,
  TQuery extends MaybeSchema = undefined,
  TBody extends MaybeSchema = undefined,
  TResponse extends z.ZodType | null = null,
>(app: FastifyInstance, spec: RouteSpec<TAuth, TParams, TQuery, TBody, TResponse>): void {
  const status = spec.status ?? (spec.response === null ? 204 : 200);
  const access = spec.access ?? (spec.guard ? accessOfGuard(spec.guard) : PUBLIC_ACCESS);
  if (!access) {
    throw new Error(
      `${spec.method} ${spec.url}: its guard is not documented (documentGuard in http/openapi.ts, or access)`,
    );
  }
  documentRoute(app, {
    method: spec.method,
    url: spec.url,
    access,
    ...(spec.idempotent ? { idempotent: true } : {}),
    ...(spec.errors ? { errors: spec.errors } : {}),
    ...(spec.messageCodes ? { messageCodes: spec.messageCodes } : {}),
    ...(spec.summary ? { summary: spec.summary } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    responses: { [status]: spec.response },
  });
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (request, reply) => {
      const auth = spec.guard ? await spec.guard(request) : (undefined as TAuth);
      const params = parseOrThrow(spec.params, request.params) as Parsed<TParams>;
      const query = parseOrThrow(spec.query, request.query) as Parsed<TQuery>;
      const body = parseOrThrow(spec.body, request.body, 'body') as Parsed<TBody>;
      const context = { request, reply, auth, params, query, body };
      const { response } = spec;
      if (response === null) {
        await spec.handler(context);
        return reply.code(status).send();
      }
      const answer = async () => {
        const checked = response.safeParse(await spec.handler(context));
        if (!checked.success) {
          throw new Error(
            `Response of ${spec.method} ${spec.url} breaks its contract: ${checked.error.message}`,
          );
        }
        return checked.data;
      };

      const { readCache, cacheAnswers } = request.server;
      const key = spec.cacheKey && readCache?.enabled && cacheAnswers ? spec.cacheKey(context) : undefined;
      if (key === undefined) return reply.code(status).send(await answer());
      // Scoped to the organization the guard confined the request to (none: unscoped).
      const json = await readCache.read(
        `route:${spec.method} ${spec.url}:${key}`,
        async () => {
          const text = JSON.stringify(await answer());
          return { value: text, validUntil: null, bytes: text.length };
        },
        request.organizationScope || null,
      );
      return reply.code(status).type('application/json; charset=utf-8').send(json);
    },
  });
}

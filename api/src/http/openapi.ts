import { ORGANIZATION_HEADER, type TErrorCode, type TMessageCode } from '@dash/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { STATUS_BY_CODE } from './errors';
import { BODY_MESSAGE_CODES, INPUT_MESSAGE_CODES, messageCodesOfSchema } from './openapi-message-codes';
import {
  type Components,
  type JsonSchema,
  propertiesOf,
  reachableSchemas,
  SCHEMAS,
  schemaComponents,
  schemaOf,
} from './openapi-schemas';

/**
 * The API reference, generated from the same zod contracts the routes parse with: defineRoute
 * records every route's schemas here, routes that stream or take raw bodies describe themselves
 * with documentRoute, and GET /api/v0/openapi.json turns the record into OpenAPI 3.1 (whose schema
 * dialect is JSON Schema 2020-12, what zod emits). Fastify's own route table is recorded beside
 * it, so a test can prove that no registered route is missing from the document.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The credentials a route accepts (components.securitySchemes). */
export type SecurityScheme = 'session' | 'organizationKey' | 'releaseToken';

/** Who may call a route, as the reference tells it: what its guard checks. */
export interface RouteAccess {
  /** Any one of these credentials; empty: public. */
  security: readonly SecurityScheme[];
  /** The organization is named in the x-organization-uid header. */
  organizationHeader?: boolean;
  /** Other headers the guard requires (a webhook's signature). */
  headers?: ReadonlyArray<{ name: string; description: string }>;
  /** What the guard itself may answer. */
  errors: readonly TErrorCode[];
  /** The message codes the guard may answer with. */
  messageCodes?: readonly TMessageCode[];
}

export const PUBLIC_ACCESS: RouteAccess = { security: [], errors: [] };

const guardAccess = new WeakMap<object, RouteAccess>();

/** Records what a guard checks, so every route using it is documented with it (defineRoute reads it). */
export function documentGuard<G extends object>(guard: G, access: RouteAccess): G {
  guardAccess.set(guard, access);
  return guard;
}

export function accessOfGuard(guard: object): RouteAccess | undefined {
  return guardAccess.get(guard);
}

export interface RouteDoc {
  method: Method;
  /** Full Fastify path: /api/v0/messages/:threadUid. */
  url: string;
  summary?: string;
  access: RouteAccess;
  /** A money POST: it takes an Idempotency-Key (http/idempotency.ts). */
  idempotent?: boolean;
  /** Errors the route's own rules may answer, beyond those of its guard and its inputs. */
  errors?: readonly TErrorCode[];
  /** Message codes the route's own rules may answer with, beyond its guard's and its contracts'. */
  messageCodes?: readonly TMessageCode[];
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body contract. */
  body?: z.ZodType;
  /** A body that is not JSON (raw MIME, a file): its content type and what it is. */
  rawBody?: { contentType: string; description: string };
  /** Successful answers by status: a JSON contract, null for no body, or a non-JSON content type. */
  responses: Record<number, z.ZodType | null | { contentType: string; description: string }>;
}

interface Registry {
  docs: RouteDoc[];
  /** Every method + path Fastify registered (HEAD and OPTIONS aside). */
  table: Array<{ method: string; url: string }>;
}

const registries = new WeakMap<object, Registry>();

function registryOf(app: FastifyInstance): Registry {
  let registry = registries.get(app.server);
  if (!registry) {
    registry = { docs: [], table: [] };
    registries.set(app.server, registry);
  }
  return registry;
}

/** Joins a plugin prefix and a route path the way Fastify does. */
export function fullPath(app: FastifyInstance, url: string): string {
  const joined = `${app.prefix}${url}`;
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** Records a route for the reference; `url` is relative to the plugin's prefix, like the route's own. */
export function documentRoute(app: FastifyInstance, doc: RouteDoc): void {
  registryOf(app).docs.push({ ...doc, url: fullPath(app, doc.url) });
}

/** Records Fastify's route table as routes are added (call once on the root instance, before any route). */
export function recordRouteTable(app: FastifyInstance): void {
  const { table } = registryOf(app);
  app.addHook('onRoute', (route) => {
    // Routes that are not part of the API (the reference page's own assets) mark themselves hidden.
    if ((route.schema as { hide?: boolean } | undefined)?.hide) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      table.push({ method, url: route.url });
    }
  });
}

export function routeTable(app: FastifyInstance): ReadonlyArray<{ method: string; url: string }> {
  return registryOf(app).table;
}

/** What each route declared about itself (its contracts), as recorded for the reference. */
export function routeDocs(app: FastifyInstance): ReadonlyArray<RouteDoc> {
  return registryOf(app).docs;
}

/** `/messages/:threadUid` and `/releases/:remote/:version/*` in OpenAPI's template syntax. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

const ERROR_RESPONSE_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Unprocessable',
  429: 'RateLimited',
  500: 'Internal',
  503: 'Unavailable',
};

const ERROR_MEANINGS: Record<TErrorCode, string> = {
  VALIDATION: 'a parameter, header or body field is not valid (`fields` names each)',
  UNAUTHENTICATED: 'no valid credentials',
  FORBIDDEN: 'signed in, but not allowed (the role, the approval, a cross-site request)',
  NOT_ALLOWLISTED: 'this address may not sign in',
  NOT_FOUND: 'no such resource, or not one the caller may know about',
  CONFLICT: 'the resource is not in a state that allows this, or the Idempotency-Key is in flight',
  GONE: 'the link or resource has expired',
  UNPROCESSABLE: 'the Idempotency-Key was used with another request',
  PAYLOAD_TOO_LARGE: 'the body is over its limit',
  UNSUPPORTED_MEDIA_TYPE: 'the body is not of the accepted content type',
  RATE_LIMITED: 'too many requests; try again after Retry-After',
  UNAVAILABLE: 'something this request needs cannot answer now; send it again',
  INTERNAL: 'our fault; quote the request id',
};

function errorResponse(status: number): JsonSchema {
  const codes = (Object.keys(STATUS_BY_CODE) as TErrorCode[]).filter(
    (code) => STATUS_BY_CODE[code] === status,
  );
  return {
    description: codes.map((code) => `${code}: ${ERROR_MEANINGS[code]}.`).join(' '),
    headers: { 'x-request-id': { $ref: '#/components/headers/RequestId' } },
    content: { 'application/json': { schema: { $ref: `${SCHEMAS}ErrorBody` } } },
  };
}

/** The errors an operation may answer: its guard's, its inputs', its own, and a 500. */
function errorCodesOf(doc: RouteDoc): Set<TErrorCode> {
  const codes = new Set<TErrorCode>([...doc.access.errors, ...(doc.errors ?? []), 'INTERNAL']);
  codes.add('VALIDATION');
  if (doc.url.includes(':')) codes.add('NOT_FOUND');
  if (doc.body || doc.rawBody || doc.method !== 'GET') {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  // Writes from another origin are refused (http/request-policy.ts).
  if (doc.method !== 'GET') codes.add('FORBIDDEN');
  if (doc.idempotent) {
    codes.add('VALIDATION');
    codes.add('CONFLICT');
    codes.add('UNPROCESSABLE');
  }
  return codes;
}

/**
 * The message codes an operation may answer with (`x-error-codes`): its guard's, its contracts'
 * rules (found in the schemas), the input and body refusals every route shares, its own. The API
 * reference and the check that an answer's code is declared (declaredMessageCodes) both use it.
 */
function messageCodesOf(doc: RouteDoc): TMessageCode[] {
  const codes = new Set<TMessageCode>([
    ...(doc.access.messageCodes ?? []),
    ...(doc.messageCodes ?? []),
    'messages.internal',
  ]);
  for (const schema of [doc.params, doc.query, doc.body]) messageCodesOfSchema(schema, codes);
  // The request policy reads every request's parameters and any body a write carries, whether or
  // not the route takes them (http/request-policy.ts): any route may be told its input is wrong.
  for (const code of INPUT_MESSAGE_CODES) codes.add(code);
  if (doc.body || doc.method !== 'GET') for (const code of BODY_MESSAGE_CODES) codes.add(code);
  if (doc.method !== 'GET') codes.add('messages.crossOriginRefused');
  if (doc.idempotent) {
    codes.add('messages.idempotencyKeyRequired');
    codes.add('messages.idempotencyKeyFormat');
    codes.add('messages.idempotencyInProgress');
    codes.add('messages.idempotencyKeyReused');
  }
  return [...codes].sort();
}

const declaredByDoc = new WeakMap<RouteDoc, ReadonlySet<TMessageCode>>();

/**
 * The message codes the operation a request was routed to declares (its `x-error-codes`), or
 * undefined for a route the reference does not list (the pages, the not-found answer).
 */
export function declaredMessageCodes(request: FastifyRequest): ReadonlySet<TMessageCode> | undefined {
  const { url } = request.routeOptions;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const doc = registryOf(request.server).docs.find((entry) => entry.method === method && entry.url === url);
  if (!doc) return undefined;
  let codes = declaredByDoc.get(doc);
  if (!codes) {
    codes = new Set(messageCodesOf(doc));
    declaredByDoc.set(doc, codes);
  }
  return codes;
}

function parametersOf(doc: RouteDoc, components: Components): unknown[] {
  const parameters: unknown[] = [];
  const names = [...doc.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  const pathProps = doc.params ? propertiesOf(doc.params, components).properties : {};
  for (const name of names) {
    parameters.push({ name, in: 'path', required: true, schema: pathProps[name] ?? { type: 'string' } });
  }
  if (doc.url.endsWith('/*')) {
    parameters.push({ name: 'path', in: 'path', required: true, schema: { type: 'string' } });
  }
  if (doc.query) {
    const { properties, required } = propertiesOf(doc.query, components);
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (doc.access.organizationHeader) parameters.push({ $ref: '#/components/parameters/OrganizationUid' });
  if (doc.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  for (const header of doc.access.headers ?? []) {
    parameters.push({
      name: header.name,
      in: 'header',
      required: true,
      description: header.description,
      schema: { type: 'string' },
    });
  }
  return parameters;
}

function operationOf(doc: RouteDoc, components: Components): JsonSchema {
  const requestId = { 'x-request-id': { $ref: '#/components/headers/RequestId' } };
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(doc.responses)) {
    if (answer === null) responses[status] = { description: 'No content', headers: requestId };
    else if (answer instanceof z.ZodType) {
      responses[status] = {
        description: 'Success',
        headers: requestId,
        content: { 'application/json': { schema: schemaOf(answer, 'output') } },
      };
    } else {
      responses[status] = {
        description: answer.description,
        headers: requestId,
        content: { [answer.contentType]: { schema: { type: 'string', format: 'binary' } } },
      };
    }
  }
  const statuses = [...new Set([...errorCodesOf(doc)].map((code) => STATUS_BY_CODE[code]))].sort();
  for (const status of statuses) {
    responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSE_NAMES[status]}` };
  }
  // Grouped by the first segment after /api/v0 (or of the path, for /releases/…).
  const segments = doc.url.split('/').filter(Boolean);
  const tag = (doc.url.startsWith('/api/v0/') ? segments[2] : segments[0]) ?? 'api';
  return {
    summary: doc.summary ?? `${doc.method} ${doc.url}`,
    operationId: `${doc.method.toLowerCase()}${openApiPath(doc.url).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [tag],
    security: doc.access.security.map((scheme) => ({ [scheme]: [] })),
    parameters: parametersOf(doc, components),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(doc.body, 'input') } },
          },
        }
      : {}),
    ...(doc.rawBody
      ? {
          requestBody: {
            required: true,
            description: doc.rawBody.description,
            content: { [doc.rawBody.contentType]: { schema: { type: 'string', format: 'binary' } } },
          },
        }
      : {}),
    responses,
    'x-error-codes': messageCodesOf(doc),
  };
}

export function buildOpenApiDocument(app: FastifyInstance, info: { version: string }): JsonSchema {
  const components = schemaComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  const usedStatuses = new Set<number>();
  for (const doc of registryOf(app).docs) {
    const path = openApiPath(doc.url);
    paths[path] ??= {};
    const operation = operationOf(doc, components);
    paths[path][doc.method.toLowerCase()] = operation;
    for (const status of Object.keys(operation.responses as object)) usedStatuses.add(Number(status));
  }
  const responses: Record<string, unknown> = {};
  for (const [status, name] of Object.entries(ERROR_RESPONSE_NAMES)) {
    if (usedStatuses.has(Number(status))) responses[name] = errorResponse(Number(status));
  }
  const document: JsonSchema = {
    openapi: '3.1.0',
    info: {
      title: 'Dash treasury API',
      version: info.version,
      description:
        `Every call is JSON unless said otherwise. Sign in with a magic link (POST /api/v0/auth, then ` +
        `POST /api/v0/auth/{token}); the session is an HttpOnly cookie. Organization-scoped calls name the ` +
        `organization in the \`${ORGANIZATION_HEADER}\` header; money POSTs take an \`Idempotency-Key\`. ` +
        `Errors answer { error: { code, message, fields?, requestId } }, the request id as in the ` +
        `x-request-id header.`,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    paths,
    components: {
      parameters: {
        OrganizationUid: {
          name: ORGANIZATION_HEADER,
          in: 'header',
          required: true,
          description: 'The organization this call acts in (the caller must be a member).',
          schema: { $ref: `${SCHEMAS}Uid` },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description:
            "A key of the caller's choosing, one per intended operation: a repeat " +
            'answers the stored answer with Idempotent-Replayed: true; the same key with another body is 422; ' +
            'a key still in flight is 409. Kept 24 hours.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        },
      },
      headers: {
        RequestId: {
          description: "This request's id, as in an error body's requestId and the API's log lines.",
          schema: { type: 'string' },
        },
      },
      responses,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: app.appConfig?.sessionCookieName ?? 'dash_session',
          description: 'The session cookie a magic link sign-in sets.',
        },
        organizationKey: {
          type: 'http',
          scheme: 'bearer',
          description: "An organization's API key, for the operations that accept one.",
        },
        releaseToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'RELEASE_TOKEN: publishing and pinning remote releases.',
        },
      },
    },
  };
  (document.components as JsonSchema).schemas = reachableSchemas(document, components);
  return document;
}

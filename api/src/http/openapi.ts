import { ORGANIZATION_HEADER, ZErrorBody } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * The API reference, generated from the same zod contracts the routes parse with: defineRoute
 * records every route's schemas here, routes that stream or take raw bodies describe themselves
 * with documentRoute, and GET /api/v0/openapi.json turns the record into OpenAPI 3.1 (whose schema
 * dialect is JSON Schema 2020-12, what zod emits). Fastify's own route table is recorded beside
 * it, so a test can prove that no registered route is missing from the document.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDoc {
  method: Method;
  /** Full Fastify path: /api/v0/messages/:threadUid. */
  url: string;
  summary?: string;
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

const toSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

/** `/messages/:threadUid` and `/releases/:remote/:version/*` in OpenAPI's template syntax. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

function parametersOf(doc: RouteDoc): unknown[] {
  const parameters: unknown[] = [];
  const names = [...doc.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  const paramSchema = doc.params ? toSchema(doc.params, 'input') : undefined;
  const paramProps = (paramSchema?.properties ?? {}) as Record<string, unknown>;
  for (const name of names) {
    parameters.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
  }
  if (doc.url.endsWith('/*')) {
    parameters.push({ name: 'path', in: 'path', required: true, schema: { type: 'string' } });
  }
  if (doc.query) {
    const querySchema = toSchema(doc.query, 'input');
    const required = new Set((querySchema.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((querySchema.properties ?? {}) as Record<string, unknown>)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return parameters;
}

function operationOf(doc: RouteDoc): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(doc.responses)) {
    if (answer === null) responses[status] = { description: 'No content' };
    else if (answer instanceof z.ZodType) {
      responses[status] = {
        description: 'Success',
        content: { 'application/json': { schema: toSchema(answer, 'output') } },
      };
    } else {
      responses[status] = {
        description: answer.description,
        content: { [answer.contentType]: { schema: { type: 'string', format: 'binary' } } },
      };
    }
  }
  responses.default = {
    description:
      'Error: 4xx for a caller mistake (validation, authentication, permission, not found, conflict).',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  };
  // Grouped by the first segment after /api/v0 (or of the path, for /releases/…).
  const segments = doc.url.split('/').filter(Boolean);
  const tag = (doc.url.startsWith('/api/v0/') ? segments[2] : segments[0]) ?? 'api';
  return {
    summary: doc.summary ?? `${doc.method} ${doc.url}`,
    operationId: `${doc.method.toLowerCase()}${openApiPath(doc.url).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [tag],
    parameters: parametersOf(doc),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(doc.body, 'input') } },
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
  };
}

export function buildOpenApiDocument(
  app: FastifyInstance,
  info: { version: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of registryOf(app).docs) {
    const path = openApiPath(doc.url);
    paths[path] ??= {};
    paths[path][doc.method.toLowerCase()] = operationOf(doc);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dash treasury API',
      version: info.version,
      description:
        `Every call is JSON unless said otherwise. Sign in with a magic link (POST /api/v0/auth, then ` +
        `POST /api/v0/auth/{token}); the session is an HttpOnly cookie. Organization-scoped calls name the ` +
        `organization in the \`${ORGANIZATION_HEADER}\` header. Errors answer { error: { code, message, fields? } }.`,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    components: {
      schemas: { ErrorBody: toSchema(ZErrorBody, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: app.appConfig?.sessionCookieName ?? 'dash_session' },
        releaseToken: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}

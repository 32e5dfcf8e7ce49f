import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../http/openapi';
import { defineRoute } from '../../http/route';

const DOCS_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
].join('; ');

const ZOpenApiDocument = z.record(z.string(), z.unknown());

/**
 * GET /api/v0/docs renders it (Scalar, whose script the plugin serves itself: nothing is loaded
 * from a CDN). Its page and asset routes are marked hidden and are not part of the reference.
 *
 * GET /api/v0/openapi.json: the API reference, generated from the zod contracts the routes parse
 * with (api/src/http/openapi.ts). Public, like the contracts themselves; built once, on first use,
 * when every route is registered.
 */
export async function registerReferenceRoutes(
  app: FastifyInstance,
  deps: { version: string },
): Promise<void> {
  let document: Record<string, unknown> | undefined;
  defineRoute(app, {
    method: 'GET',
    url: '/openapi.json',
    summary: 'This API reference (OpenAPI 3.1)',
    response: ZOpenApiDocument,
    async handler() {
      document ??= buildOpenApiDocument(app, deps);
      return document;
    },
  });

  await app.register(async (docs) => {
    // Scalar's page boots with an inline script: the one page whose policy allows one.
    docs.addHook('onSend', async (_request, reply, payload) => {
      if (reply.hasHeader('content-security-policy')) reply.header('content-security-policy', DOCS_PAGE_CSP);
      return payload;
    });
    await docs.register(scalarApiReference, {
      routePrefix: '/docs',
      logLevel: 'warn',
      configuration: {
        title: 'Dash treasury API',
        url: `${app.prefix}/openapi.json`,
        withDefaultFonts: false,
      },
    });
  });
}

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * One way to serve a production build (the shell's on the dashboard origin, each remote's on its
 * own): files made at build time only, each in the best encoding the client accepts from the
 * `.br` / `.gz` copies written beside it at build time (nothing is compressed per request), with
 * validators, and a cache policy by name:
 * - a file whose name carries a content hash never changes: `public, max-age=31536000, immutable`;
 * - anything else (HTML, federation manifests, remote entries, versioned share entries) may change
 *   with the next deploy: `no-cache`, so the browser revalidates (ETag / Last-Modified) every time.
 */

/** rsbuild names hashed output `name.<10 hex>.js`; federation chunks too. */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

export function cacheControlFor(path: string): string {
  return HASHED_NAME.test(path) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

export interface StaticBuildOptions {
  /** Absolute path of the build output (dist/). */
  root: string;
  /** Exact origins allowed to load the files from another origin (a remote's files: the dashboard). */
  corsOrigins?: readonly string[];
  /** Files not served as they are (the shell's index.html, which the dashboard renders per request). */
  exclude?: readonly string[];
}

/**
 * Registers a GET/HEAD route per file of a build (the build is fixed once deployed, so the file
 * list is read once, at start). Unknown paths fall through to the app's not-found handler.
 */
export async function registerStaticBuild(app: FastifyInstance, options: StaticBuildOptions): Promise<void> {
  const cors = new Set(options.corsOrigins ?? []);
  const exclude = new Set((options.exclude ?? []).map((file) => `/${file.replace(/^\/+/, '')}`));
  await app.register(async (site) => {
    site.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode === 200 || reply.statusCode === 304) {
        reply.header('cache-control', cacheControlFor(request.url.split('?')[0] ?? ''));
        reply.header('vary', 'Accept-Encoding, Origin');
        reply.header('x-content-type-options', 'nosniff');
      }
      const origin = request.headers.origin;
      if (origin !== undefined && cors.has(origin)) reply.header('access-control-allow-origin', origin);
      return payload;
    });
    await site.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      preCompressed: true,
      index: false,
      // The compressed copies are chosen by Accept-Encoding, never addressed themselves.
      globIgnore: ['**/*.br', '**/*.gz', ...[...exclude].map((file) => file.slice(1))],
      serveDotFiles: false,
      decorateReply: false,
      cacheControl: false,
    });
  });
}

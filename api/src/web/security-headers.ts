import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The sha256 CSP source of every inline <script> (no src) of an HTML page, e.g. the shell's theme script. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    // Data blocks (type="application/json") are never executed, so they need no permission.
    if (/\btype=["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

export interface DashboardSecurityOptions {
  /** Origins the page loads remote code and manifests from (REMOTE_ORIGINS). */
  remoteOrigins: readonly string[];
  /** CSP sources of the inline scripts the page may run (their hashes). */
  scriptHashes: readonly string[];
  production: boolean;
}

/**
 * Security headers on every response of the dashboard origin (pages, assets and the API): a strict
 * Content-Security-Policy (scripts only from this origin, the registered remote origins and the
 * hashed inline theme script: no 'unsafe-inline' scripts, no eval), frame-ancestors 'none',
 * nosniff, Referrer-Policy no-referrer (sign-in tokens travel in URLs), HSTS in production.
 * Styles may be inline: Mantine sets CSS variables in style attributes.
 */
export async function registerDashboardSecurityHeaders(
  app: FastifyInstance,
  options: DashboardSecurityOptions,
): Promise<void> {
  const remotes = [...new Set(options.remoteOrigins)];
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...remotes, ...options.scriptHashes],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...remotes],
        'worker-src': ["'self'", 'blob:'],
        'manifest-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(options.production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // The API reference page (Scalar) is the one page that needs inline scripts; it gets its own policy.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
}

/** The remote servers' headers: public code for the dashboard origin, nothing to frame or sniff. */
export async function registerRemoteSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean },
): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    // Loaded by <script> from the dashboard origin (no CORS mode), so the files must be embeddable.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
}

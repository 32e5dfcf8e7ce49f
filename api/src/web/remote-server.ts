import path from 'node:path';
import Fastify from 'fastify';
import { z } from 'zod';
import { REPO_ROOT } from '../config';
import { registerErrorHandling } from '../http/errors';
import { registerRemoteSecurityHeaders } from './security-headers';
import { registerStaticBuild } from './static-files';

/**
 * Serves one remote's production build from its own origin, as its own deployment would (in
 * production a CDN or bucket does the same job): precompressed files, immutable hashed chunks,
 * manifests and the remote entry revalidated, CORS for the dashboard origin only.
 *
 *   REMOTE_DIST_DIR=remote-wallet/dist PORT=3012 DASHBOARD_ORIGINS=http://localhost:3000 node api/dist/remote-server.js
 */
const ZRemoteServerEnv = z.object({
  REMOTE_DIST_DIR: z.string().min(1),
  PORT: z.coerce.number().int().min(1).max(65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  DASHBOARD_ORIGINS: z
    .string()
    .min(1)
    .transform((value) => value.split(',').map((origin) => new URL(origin.trim()).origin)),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.string().default('warn'),
});

const parsed = ZRemoteServerEnv.safeParse(process.env);
if (!parsed.success) {
  console.error(
    `Invalid configuration:\n${parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`).join('\n')}`,
  );
  process.exit(1);
}
const env = parsed.data;

const app = Fastify({ logger: { level: env.LOG_LEVEL } });
registerErrorHandling(app);
await registerRemoteSecurityHeaders(app, { production: env.NODE_ENV === 'production' });
await registerStaticBuild(app, {
  root: path.resolve(REPO_ROOT, env.REMOTE_DIST_DIR),
  corsOrigins: env.DASHBOARD_ORIGINS,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().finally(() => process.exit(0));
  });
}
await app.listen({ host: env.HOST, port: env.PORT });

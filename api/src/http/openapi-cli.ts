/**
 * Writes the API reference (GET /api/v0/openapi.json) to a file, from the routes alone: the app is
 * built without a port and asked through inject(). `pnpm lint:openapi` (scripts/lint-openapi.mjs)
 * runs it, then Redocly's linter on the file.
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres } from '../db/client';

const [output] = process.argv.slice(2);
if (!output) {
  console.error('Usage: tsx src/http/openapi-cli.ts <output.json>');
  process.exit(2);
}
// Building the routes runs no query, so this pool never connects (and needs no database).
const database = await openPostgres('postgres://unused@127.0.0.1:9/none', { max: 1 });
const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDistDir: undefined };
const app = await buildApp({ config, db: database.db });
try {
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/v0/openapi.json' });
  if (response.statusCode !== 200)
    throw new Error(`GET /api/v0/openapi.json answered ${response.statusCode}`);
  writeFileSync(output, `${JSON.stringify(response.json(), null, 2)}\n`);
} finally {
  await app.close();
  await database.close();
}

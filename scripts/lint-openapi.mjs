#!/usr/bin/env node
// `pnpm lint:openapi` (part of `pnpm run check`, so of `npm test`): writes the API reference the API
// serves at /api/v0/openapi.json to a temporary file (api/src/http/openapi-cli.ts builds the app
// without a port or a database) and lints it with Redocly's recommended rules; any error fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './ensure-install.mjs';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const dir = mkdtempSync(join(tmpdir(), 'dash-openapi-'));
const file = join(dir, 'openapi.json');
try {
  run(join(ROOT, 'api/node_modules/.bin/tsx'), [join(ROOT, 'api/src/http/openapi-cli.ts'), file]);
  // Offline and quiet: no usage report, no update check.
  run(join(ROOT, 'node_modules/.bin/redocly'), ['lint', '--extends', 'recommended', file], {
    ...process.env,
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

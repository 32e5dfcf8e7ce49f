#!/usr/bin/env node
// Prints the JSON body of the release API's publish call (PUT /api/v0/releases/<remote>/<version>)
// for a built remote: every file of the directory, base64-encoded. Dependency-free, for CI:
//
//   REMOTE_VERSION=1.4.2 pnpm --filter remote-wallet build
//   node scripts/release-body.mjs remote-wallet/dist --git-commit "$(git rev-parse HEAD)" --by ci > body.json
//   curl -X PUT --data-binary @body.json -H 'content-type: application/json' \
//        -H "authorization: Bearer $RELEASE_TOKEN" https://dash.example/api/v0/releases/remote-wallet/1.4.2
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'git-commit': { type: 'string' }, by: { type: 'string' } },
});
const [dir] = positionals;
if (!dir) {
  console.error('Usage: node scripts/release-body.mjs <build dir> [--git-commit C] [--by WHO]');
  process.exit(2);
}

const files = {};
function walk(relative) {
  for (const entry of readdirSync(join(dir, relative), { withFileTypes: true })) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(path);
    else if (entry.isFile()) files[path] = readFileSync(join(dir, path)).toString('base64');
  }
}
walk('');

const body = {
  files,
  builtAt: statSync(join(dir, 'mf-manifest.json')).mtime.toISOString(),
  ...(values['git-commit'] ? { gitCommit: values['git-commit'] } : {}),
  ...(values.by ? { by: values.by } : {}),
};
process.stdout.write(JSON.stringify(body));

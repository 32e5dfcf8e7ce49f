import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import {
  DEV_SANDBOX_WEBHOOK_SECRET,
  parseSandboxKeys,
} from '../src/modules/providers/adapters/sandbox-config';
import { startSandboxProvider } from './server';

// `npm start` runs this as its own process: SANDBOX_PROVIDER_PORT (the launcher passes PORT+30),
// 127.0.0.1 only, its state kept in DATA_DIR/sandbox-provider.
const port = Number(process.env.SANDBOX_PROVIDER_PORT ?? Number(process.env.PORT ?? 3000) + 30);
const dataDir = path.join(path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data'), 'sandbox-provider');
const apiKeys = parseSandboxKeys(process.env.SANDBOX_PROVIDER_KEYS);
const reviewSeconds = Number(process.env.SANDBOX_REVIEW_SECONDS ?? 5);
const problems = [
  ...(apiKeys
    ? []
    : ['SANDBOX_PROVIDER_KEYS: must be account=key pairs separated by commas (keys of 8+ characters)']),
  ...(Number.isFinite(reviewSeconds) && reviewSeconds >= 0
    ? []
    : ['SANDBOX_REVIEW_SECONDS: must be a number of seconds']),
  ...(Number.isInteger(port) && port > 0 && port < 65536
    ? []
    : ['SANDBOX_PROVIDER_PORT: must be a port number']),
];
if (problems.length > 0 || !apiKeys) {
  console.error(
    `Invalid sandbox provider configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`,
  );
  process.exit(1);
}

const sandbox = await startSandboxProvider({
  port,
  dataDir,
  apiKeys,
  webhookSecret: process.env.SANDBOX_WEBHOOK_SECRET ?? DEV_SANDBOX_WEBHOOK_SECRET,
  reviewSeconds,
  webhookUrlTemplate: process.env.SANDBOX_WEBHOOK_URL,
  log: (line) => console.log(line),
});
console.log(
  `Sandbox provider ready at ${sandbox.url} (accounts: ${Object.keys(apiKeys).join(', ')}; review after ${reviewSeconds} s; state in ${dataDir})`,
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await sandbox.close();
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { DEV_CHAIN_SAFE_CONTRACTS } from '../src/modules/wallet/safe';
import { startDevChain } from './chain';

// `npm start` runs this as its own process: DEV_CHAIN_PORT (the launcher passes PORT+20), kept
// under DATA_DIR/dev-chain. It needs no network access.
const port = Number(process.env.DEV_CHAIN_PORT ?? Number(process.env.PORT ?? 3000) + 20);
const dbPath = path.join(path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data'), 'dev-chain');
mkdirSync(dbPath, { recursive: true });

const started = Date.now();
const chain = await startDevChain({ port, dbPath });
console.log(
  `Dev chain ready at ${chain.url} in ${Date.now() - started} ms (Safe v1.4.1: factory ${DEV_CHAIN_SAFE_CONTRACTS.proxyFactory}, SafeL2 ${DEV_CHAIN_SAFE_CONTRACTS.singleton})`,
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await chain.close();
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

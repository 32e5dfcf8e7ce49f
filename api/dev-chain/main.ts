import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { DEV_CHAIN_SAFE_CONTRACTS } from '../src/modules/wallet/safe';
import { startDevChains } from './chain';

// `npm start` runs this as its own process: the dev chains from DEV_CHAIN_PORT on (the launcher
// passes PORT+20; each anvil node is a child of this process, in its process group), kept under
// DATA_DIR/dev-chain. It needs no network access.
const port = Number(process.env.DEV_CHAIN_PORT ?? Number(process.env.PORT ?? 3000) + 20);
const dataDir = path.join(path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data'), 'dev-chain');
mkdirSync(dataDir, { recursive: true });

const started = Date.now();
const chain = await startDevChains({ port, dataDir });
console.log(
  `Dev chains ready in ${Date.now() - started} ms: ${chain.chains.map((c) => `${c.network} (chain id ${c.chainId}) at ${c.url}`).join(', ')}; Safe v1.4.1 factory ${DEV_CHAIN_SAFE_CONTRACTS.proxyFactory}, SafeL2 ${DEV_CHAIN_SAFE_CONTRACTS.singleton}`,
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

import path from 'node:path';
import { DEV_CHAINS, devChainOf } from '../src/chain/dev-chains';
import { REPO_ROOT } from '../src/config';
import {
  DEV_SANDBOX_WEBHOOK_SECRET,
  parseSandboxKeys,
} from '../src/modules/providers/adapters/sandbox-config';
import type { SandboxChainConfig } from './chain';
import { startSandboxProvider } from './server';

// `npm start` runs this as its own process: SANDBOX_PROVIDER_PORT (the launcher passes PORT+30),
// 127.0.0.1 only, its state kept in DATA_DIR/sandbox-provider. It moves tokens on the chains
// SANDBOX_CHAINS names (network=url pairs; `none` for no chain), else on the dev chains from
// DEV_CHAIN_PORT on (the launcher passes PORT+20), each network's at its offset. A chain that is
// not up yet is retried quietly.
const port = Number(process.env.SANDBOX_PROVIDER_PORT ?? Number(process.env.PORT ?? 3000) + 30);
const dataDir = path.join(path.resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data'), 'sandbox-provider');
const apiKeys = parseSandboxKeys(process.env.SANDBOX_PROVIDER_KEYS);
const reviewSeconds = Number(process.env.SANDBOX_REVIEW_SECONDS ?? 5);
const devChainPort = Number(process.env.DEV_CHAIN_PORT ?? Number(process.env.PORT ?? 3000) + 20);
const confirmations = Number(process.env.SANDBOX_CONFIRMATIONS ?? 1);

function parseChains(value: string | undefined, problems: string[]): SandboxChainConfig[] {
  if (value === undefined || value === '') {
    return DEV_CHAINS.map((chain) => ({
      network: chain.network,
      chainId: chain.chainId,
      rpcUrl: `http://127.0.0.1:${devChainPort + chain.portOffset}`,
    }));
  }
  if (value.trim() === 'none') return [];
  const chains: SandboxChainConfig[] = [];
  for (const item of value.split(',').map((part) => part.trim())) {
    const equals = item.indexOf('=');
    const network = item.slice(0, Math.max(0, equals));
    const rpcUrl = item.slice(equals + 1);
    const chain = devChainOf(network);
    if (!chain) {
      problems.push(
        `SANDBOX_CHAINS: "${item}" must start with a network the sandbox has test tokens on (${DEV_CHAINS.map((c) => c.network).join(', ')}) and =`,
      );
    } else if (!URL.canParse(rpcUrl) || !/^https?:$/.test(new URL(rpcUrl).protocol)) {
      problems.push(`SANDBOX_CHAINS: "${rpcUrl}" (${network}) is not an http(s) URL`);
    } else {
      chains.push({ network, chainId: chain.chainId, rpcUrl });
    }
  }
  return chains;
}

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
  ...(Number.isInteger(devChainPort) && devChainPort > 0 && devChainPort < 65535
    ? []
    : ['DEV_CHAIN_PORT: must be a port number']),
  ...(Number.isInteger(confirmations) && confirmations >= 1 && confirmations <= 1000
    ? []
    : ['SANDBOX_CONFIRMATIONS: must be a whole number of blocks from 1 to 1000']),
];
const chains = parseChains(process.env.SANDBOX_CHAINS, problems);
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
  chains,
  confirmations,
  log: (line) => console.log(line),
});
console.log(
  `Sandbox provider ready at ${sandbox.url} (accounts: ${Object.keys(apiKeys).join(', ')}; review after ${reviewSeconds} s; chains: ${chains.map((c) => `${c.network} at ${c.rpcUrl}`).join(', ') || 'none'}, ${confirmations} confirmation(s); state in ${dataDir})`,
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

import ganache from 'ganache';
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  DEV_CHAIN_DEPLOY_ORDER,
  DEV_CHAIN_DEPLOYER_KEY,
  DEV_CHAIN_ID,
  DEV_CHAIN_RELAYER_KEY,
  DEV_CHAIN_SAFE_CONTRACTS,
  SAFE_ARTIFACTS,
} from '../src/modules/wallet/safe';

/**
 * The local EVM chain the wallet lives on by default: a ganache server (chain id 1337, blocks mined
 * as transactions arrive) with Safe v1.4.1 deployed on it at first start. With `dbPath` the chain
 * is kept on disk and found again, contracts included, on the next start; without it, it lives in
 * memory (tests).
 */
export interface DevChain {
  url: string;
  close(): Promise<void>;
}

export interface DevChainOptions {
  port: number;
  host?: string;
  /** Keep the chain here (DATA_DIR/dev-chain); in memory when absent. */
  dbPath?: string;
}

const ARTIFACT_OF = {
  singleton: SAFE_ARTIFACTS.safeL2,
  proxyFactory: SAFE_ARTIFACTS.proxyFactory,
  fallbackHandler: SAFE_ARTIFACTS.fallbackHandler,
} as const;

export async function startDevChain({
  port,
  host = '127.0.0.1',
  dbPath,
}: DevChainOptions): Promise<DevChain> {
  const balance = `0x${parseEther('1000000').toString(16)}`;
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: DEV_CHAIN_ID, networkId: DEV_CHAIN_ID },
    wallet: {
      accounts: [
        { secretKey: DEV_CHAIN_RELAYER_KEY, balance },
        { secretKey: DEV_CHAIN_DEPLOYER_KEY, balance },
      ],
    },
    miner: { instamine: 'eager' },
    ...(dbPath ? { database: { dbPath } } : {}),
  });
  await server.listen(port, host);
  const address = server.address();
  const url = `http://${host}:${address.port}`;
  try {
    await deploySafeContracts(url);
  } catch (error) {
    await server.close();
    throw error;
  }
  return { url, close: () => server.close() };
}

/** Deploys the Safe contracts the chain lacks, each at its fixed address (the deployer's nonce 0..2). */
async function deploySafeContracts(url: string): Promise<void> {
  const transport = http(url);
  const chain = {
    id: DEV_CHAIN_ID,
    name: 'Local dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  };
  const client = createPublicClient({ chain, transport });
  const deployer = privateKeyToAccount(DEV_CHAIN_DEPLOYER_KEY);
  const wallet = createWalletClient({ chain, transport, account: deployer });

  for (const [nonce, name] of DEV_CHAIN_DEPLOY_ORDER.entries()) {
    const target = DEV_CHAIN_SAFE_CONTRACTS[name];
    const code = await client.getCode({ address: target });
    if (code && code !== '0x') continue;
    const next = await client.getTransactionCount({ address: deployer.address });
    if (next !== nonce) {
      throw new Error(
        `The dev chain deployer is at nonce ${next}, ${name} needs ${nonce}: reset the dev chain`,
      );
    }
    const hash: Hex = await wallet.deployContract({
      abi: ARTIFACT_OF[name].abi,
      bytecode: ARTIFACT_OF[name].bytecode,
      nonce,
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.contractAddress?.toLowerCase() !== target.toLowerCase()) {
      throw new Error(`${name} was deployed at ${receipt.contractAddress}, expected ${target}`);
    }
  }
}

import { LOCAL_CHAIN_TOKENS, MULTICALL3_ADDRESS, toBaseUnits } from '@dash/shared/contracts';
import { type Address, createPublicClient, createTestClient, createWalletClient, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_CHAIN_KEYS, DEV_CHAINS, evmChain } from '../src/chain/index';
import { DEV_CHAIN_DEPLOY_ORDER, DEV_CHAIN_SAFE_CONTRACTS, SAFE_ARTIFACTS } from '../src/modules/wallet/safe';
import { type AnvilNode, startAnvil } from './anvil';
import { devChainArtifacts } from './compile';

/**
 * The local EVM chains the product runs on by default: one anvil node per network in DEV_CHAINS,
 * each with, at first start, Safe v1.4.1 (at the deployer's nonces 0..2), Multicall3 at its
 * canonical address and the network's test tokens (LOCAL_CHAIN_TOKENS, minted to the treasury).
 * With `dataDir` each chain is kept on disk and found again, contracts included; without it, in
 * memory (tests).
 */
export interface DevChainNode {
  network: (typeof DEV_CHAINS)[number]['network'];
  chainId: number;
  url: string;
  port: number;
}

export interface DevChains {
  /** The wallet's chain (arbitrum-sepolia), as the single dev chain used to be. */
  url: string;
  chains: DevChainNode[];
  close(): Promise<void>;
}

export interface DevChainOptions {
  /** The first chain's port; the others follow (DEV_CHAINS' offsets). 0 picks free ports. */
  port: number;
  host?: string;
  /** Keep the chains here (DATA_DIR/dev-chain/<network>.json); in memory when absent. */
  dataDir?: string;
}

/** What each test token's treasury holds after its first start: a billion whole tokens. */
const TREASURY_SUPPLY = '1000000000';

export async function startDevChains({
  port,
  host = '127.0.0.1',
  dataDir,
}: DevChainOptions): Promise<DevChains> {
  const nodes: AnvilNode[] = [];
  const chains: DevChainNode[] = [];
  const close = async () => {
    await Promise.all(nodes.map((node) => node.close()));
  };
  try {
    const started = await Promise.all(
      DEV_CHAINS.map((chain) =>
        startAnvil({
          chainId: chain.chainId,
          port: port === 0 ? 0 : port + chain.portOffset,
          host,
          ...(dataDir ? { statePath: `${dataDir}/${chain.network}.json` } : {}),
        }),
      ),
    );
    nodes.push(...started);
    await Promise.all(
      DEV_CHAINS.map(async (chain, index) => {
        const node = started[index] as AnvilNode;
        await prepareChain(chain, node.url);
        chains.push({ network: chain.network, chainId: chain.chainId, url: node.url, port: node.port });
      }),
    );
  } catch (error) {
    await close();
    throw error;
  }
  chains.sort(
    (a, b) =>
      DEV_CHAINS.findIndex((c) => c.network === a.network) -
      DEV_CHAINS.findIndex((c) => c.network === b.network),
  );
  return { url: (chains[0] as DevChainNode).url, chains, close };
}

const SAFE_ARTIFACT_OF = {
  singleton: SAFE_ARTIFACTS.safeL2,
  proxyFactory: SAFE_ARTIFACTS.proxyFactory,
  fallbackHandler: SAFE_ARTIFACTS.fallbackHandler,
} as const;

/** Deploys what the chain lacks: each step checks the chain first, so a restart repeats none. */
async function prepareChain(chain: (typeof DEV_CHAINS)[number], url: string): Promise<void> {
  const viem = evmChain({ id: chain.chainId, name: chain.name, rpcUrl: url });
  const transport = http(url);
  const client = createPublicClient({ chain: viem, transport });
  const test = createTestClient({ chain: viem, transport, mode: 'anvil' });

  const artifacts = devChainArtifacts();
  // Multicall3 at its canonical address: the runtime code its creation returns, set there.
  if (!(await hasCode(client, MULTICALL3_ADDRESS))) {
    const { data } = await client.call({ data: artifacts.Multicall3.bytecode });
    if (!data) throw new Error('Multicall3 creation returned no code');
    await test.setCode({ address: MULTICALL3_ADDRESS, bytecode: data });
  }

  const deployer = createWalletClient({
    chain: viem,
    transport,
    account: privateKeyToAccount(DEV_CHAIN_KEYS.deployer),
  });
  for (const [nonce, name] of DEV_CHAIN_DEPLOY_ORDER.entries()) {
    const target = DEV_CHAIN_SAFE_CONTRACTS[name];
    if (await hasCode(client, target)) continue;
    await deployAt(
      client,
      deployer,
      nonce,
      target,
      name,
      SAFE_ARTIFACT_OF[name].abi,
      SAFE_ARTIFACT_OF[name].bytecode,
      [],
    );
  }

  const tokens = LOCAL_CHAIN_TOKENS.filter((token) => token.network === chain.network);
  if (tokens.length === 0) return;
  const artifact = artifacts.TestStablecoin;
  const treasury = createWalletClient({
    chain: viem,
    transport,
    account: privateKeyToAccount(DEV_CHAIN_KEYS.treasury),
  });
  for (const token of [...tokens].sort((a, b) => a.deployerNonce - b.deployerNonce)) {
    if (await hasCode(client, token.address)) continue;
    await deployAt(
      client,
      treasury,
      token.deployerNonce,
      token.address,
      token.symbol,
      artifact.abi,
      artifact.bytecode,
      [token.name, token.symbol, token.decimals],
    );
  }
  for (const token of tokens) {
    const supply = (await client.readContract({
      address: token.address,
      abi: artifact.abi,
      functionName: 'totalSupply',
    })) as bigint;
    if (supply > 0n) continue;
    const hash = await treasury.writeContract({
      address: token.address,
      abi: artifact.abi,
      functionName: 'mint',
      args: [treasury.account.address, toBaseUnits(TREASURY_SUPPLY, token.decimals)],
      chain: viem,
    });
    await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  }
}

async function hasCode(
  client: { getCode(args: { address: Address }): Promise<Hex | undefined> },
  address: Address,
) {
  const code = await client.getCode({ address });
  return Boolean(code && code !== '0x');
}

/** Deploys a contract with the account's given nonce and checks it landed at the recorded address. */
async function deployAt(
  client: ReturnType<typeof createPublicClient>,
  wallet: ReturnType<typeof createWalletClient>,
  nonce: number,
  target: Address,
  name: string,
  abi: readonly unknown[],
  bytecode: Hex,
  args: readonly unknown[],
): Promise<void> {
  const account = wallet.account;
  if (!account) throw new Error('deployAt needs a wallet with an account');
  const next = await client.getTransactionCount({ address: account.address });
  if (next !== nonce) {
    throw new Error(
      `${name}: its deployer is at nonce ${next}, it needs ${nonce}: reset the dev chains (DATA_DIR/dev-chain)`,
    );
  }
  const hash = await wallet.deployContract({ abi, bytecode, args, nonce, account, chain: wallet.chain });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.contractAddress?.toLowerCase() !== target.toLowerCase()) {
    throw new Error(`${name} was deployed at ${receipt.contractAddress}, expected ${target}`);
  }
}

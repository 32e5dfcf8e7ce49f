import { toBaseUnits, tokenOf } from '@dash/shared/contracts';
import {
  type Account,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEther,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type DevChains, startDevChains } from '../../dev-chain/chain';
import { DEV_CHAIN_KEYS } from '../chain/dev-chains';
import type { ChainsConfig } from '../config';

/**
 * The in-memory dev chains (anvil; Safe v1.4.1, Multicall3 and the test tokens deployed) once per
 * test file, on free ports, stopped after the file (setup-file.ts). Starting them costs about half
 * a second.
 */
let shared: Promise<DevChains> | undefined;

export function testDevChain(): Promise<DevChains> {
  shared ??= startDevChains({ port: 0 });
  return shared;
}

export async function stopTestDevChain(): Promise<void> {
  const chain = await shared;
  shared = undefined;
  await chain?.close();
}

/** The API's chains configuration for the test dev chains (every network local, quick polling). */
export async function testChainsConfig(confirmations = 1): Promise<ChainsConfig> {
  const chains = await testDevChain();
  return {
    networks: chains.chains.map((chain) => ({
      network: chain.network,
      chainId: chain.chainId,
      rpcUrl: chain.url,
      local: true,
    })),
    confirmations,
    pollMs: 50,
  };
}

/** The RPC URL of one of the test dev chains. */
async function devChainUrl(network: string): Promise<string> {
  const chains = await testDevChain();
  const chain = chains.chains.find((candidate) => candidate.network === network);
  if (!chain) throw new Error(`no dev chain for ${network}`);
  return chain.url;
}

/** The test dev chain's head (straight from the chain, not through anything a test interrupts). */
export async function testDevChainHead(network: string): Promise<bigint> {
  const client = createPublicClient({ transport: http(await devChainUrl(network)) });
  return client.getBlockNumber({ cacheTime: 0 });
}

/**
 * Sends `amount` of a test token from the dev chains' treasury on the test dev chain, straight to
 * the chain, and waits for it to be mined; answers its block.
 */
export function sendTestToken(network: string, symbol: string, to: string, amount: string) {
  return sendTestTokenFrom(network, symbol, privateKeyToAccount(DEV_CHAIN_KEYS.treasury), to, amount);
}

/** Sends `amount` of a test token from `from` (it pays the gas), and waits for it to be mined; answers its block. */
export async function sendTestTokenFrom(
  network: string,
  symbol: string,
  from: Account,
  to: string,
  amount: string,
) {
  const url = await devChainUrl(network);
  const token = tokenOf(network, symbol, true);
  if (!token) throw new Error(`no local ${symbol} on ${network}`);
  const sender = createWalletClient({ transport: http(url), account: from });
  const hash = await sender.writeContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to as Hex, toBaseUnits(amount, token.decimals)],
    chain: null,
  });
  return minedBlock(url, hash);
}

/** Sends `to` a little ETH for gas from the dev chains' treasury; answers its block. */
export async function fundGas(network: string, to: string, ether = '0.1') {
  const url = await devChainUrl(network);
  const treasury = createWalletClient({
    transport: http(url),
    account: privateKeyToAccount(DEV_CHAIN_KEYS.treasury),
  });
  const hash = await treasury.sendTransaction({ to: to as Hex, value: parseEther(ether), chain: null });
  return minedBlock(url, hash);
}

async function minedBlock(url: string, hash: Hex): Promise<bigint> {
  const receipt = await createPublicClient({ transport: http(url) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 20,
  });
  return receipt.blockNumber;
}

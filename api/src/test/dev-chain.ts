import { type DevChains, startDevChains } from '../../dev-chain/chain';
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

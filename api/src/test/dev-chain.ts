import { type DevChains, startDevChains } from '../../dev-chain/chain';

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

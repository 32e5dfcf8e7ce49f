import { afterAll } from 'vitest';
import { type DevChains, startDevChains } from '../../dev-chain/chain';

/**
 * The in-memory dev chains (anvil; Safe v1.4.1, Multicall3 and the test tokens deployed) once per
 * test file, on free ports, stopped after the file. Starting them costs about half a second.
 */
let shared: Promise<DevChains> | undefined;

export function testDevChain(): Promise<DevChains> {
  shared ??= startDevChains({ port: 0 });
  return shared;
}

afterAll(async () => {
  const chain = await shared;
  shared = undefined;
  await chain?.close();
});

import { afterAll } from 'vitest';
import { type DevChain, startDevChain } from '../../dev-chain/chain';

/**
 * One in-memory dev chain (ganache, Safe v1.4.1 deployed) per test file, on a free port, stopped
 * after the file. Starting one costs about a second and a half.
 */
let shared: Promise<DevChain> | undefined;

export function testDevChain(): Promise<DevChain> {
  shared ??= startDevChain({ port: 0 });
  return shared;
}

afterAll(async () => {
  const chain = await shared;
  shared = undefined;
  await chain?.close();
});

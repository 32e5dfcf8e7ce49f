import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startDevChain } from '../../../dev-chain/chain';
import { DEV_CHAIN_DEPLOYER_KEY, DEV_CHAIN_SAFE_CONTRACTS } from './safe';

describe('the dev chain process', () => {
  it('deploys Safe v1.4.1 at first start and finds it again after a restart, without deploying twice', async () => {
    const dbPath = mkdtempSync(join(tmpdir(), 'dash-dev-chain-'));
    onTestFinished(() => rmSync(dbPath, { recursive: true, force: true }));
    const deployer = privateKeyToAccount(DEV_CHAIN_DEPLOYER_KEY).address;
    const look = async (url: string) => {
      const client = createPublicClient({ transport: http(url) });
      return {
        block: await client.getBlockNumber(),
        deployerNonce: await client.getTransactionCount({ address: deployer }),
        code: await Promise.all(
          Object.values(DEV_CHAIN_SAFE_CONTRACTS).map(
            async (address) => (await client.getCode({ address }))?.length,
          ),
        ),
      };
    };

    const first = await startDevChain({ port: 0, dbPath });
    const fresh = await look(first.url);
    await first.close();
    expect(fresh.block).toBe(3n);
    expect(fresh.deployerNonce).toBe(3);
    expect(fresh.code.every((length) => (length ?? 0) > 2)).toBe(true);

    const again = await startDevChain({ port: 0, dbPath });
    try {
      expect(await look(again.url)).toEqual(fresh);
    } finally {
      await again.close();
    }
  }, 60_000); // two chain starts
});

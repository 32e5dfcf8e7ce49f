// Database-independent: the dev chains only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromBaseUnits, LOCAL_CHAIN_TOKENS, MULTICALL3_ADDRESS } from '@dash/shared/contracts';
import { createPublicClient, erc20Abi, http } from 'viem';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startDevChains } from '../../../dev-chain/chain';
import { DEV_CHAIN_TREASURY } from '../../chain/dev-chains';
import { DEV_CHAIN_SAFE_CONTRACTS } from './safe';

describe('the dev chains process', () => {
  it('deploys Safe v1.4.1, Multicall3 and the test tokens at first start and finds them again after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dash-dev-chain-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const look = async (network: string, url: string) => {
      const client = createPublicClient({ transport: http(url) });
      const tokens = LOCAL_CHAIN_TOKENS.filter((token) => token.network === network);
      return {
        chainId: await client.getChainId(),
        block: await client.getBlockNumber(),
        safeCode: await Promise.all(
          Object.values(DEV_CHAIN_SAFE_CONTRACTS).map(
            async (address) => (await client.getCode({ address }))?.length,
          ),
        ),
        // Multicall3 answers at its canonical address: the tokens' supplies in one call.
        supplies: await client.multicall({
          multicallAddress: MULTICALL3_ADDRESS,
          allowFailure: false,
          contracts: tokens.map((token) => ({
            address: token.address,
            abi: erc20Abi,
            functionName: 'totalSupply' as const,
          })),
        }),
        tokens: await Promise.all(
          tokens.map(async (token) => ({
            symbol: await client.readContract({
              address: token.address,
              abi: erc20Abi,
              functionName: 'symbol',
            }),
            decimals: await client.readContract({
              address: token.address,
              abi: erc20Abi,
              functionName: 'decimals',
            }),
            treasury: fromBaseUnits(
              await client.readContract({
                address: token.address,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [DEV_CHAIN_TREASURY],
              }),
              token.decimals,
            ),
          })),
        ),
      };
    };

    const first = await startDevChains({ port: 0, dataDir });
    const fresh = Object.fromEntries(
      await Promise.all(
        first.chains.map(async (chain) => [chain.network, await look(chain.network, chain.url)]),
      ),
    );
    await first.close();
    expect(fresh['arbitrum-sepolia']).toMatchObject({
      chainId: 421614,
      // Three Safe contracts, two tokens, two mints: a block each.
      block: 7n,
      supplies: [10n ** 15n, 10n ** 15n],
      tokens: [
        { symbol: 'USDC', decimals: 6, treasury: '1000000000' },
        { symbol: 'MXNB', decimals: 6, treasury: '1000000000' },
      ],
    });
    expect(fresh['polygon-amoy']).toMatchObject({
      chainId: 80002,
      block: 5n,
      supplies: [10n ** 27n],
      tokens: [{ symbol: 'testbrz', decimals: 18, treasury: '1000000000' }],
    });
    for (const chain of Object.values(fresh) as Awaited<ReturnType<typeof look>>[]) {
      expect(chain.safeCode.every((length) => (length ?? 0) > 2)).toBe(true);
    }

    const again = await startDevChains({ port: 0, dataDir });
    try {
      for (const chain of again.chains)
        expect(await look(chain.network, chain.url)).toEqual(fresh[chain.network]);
    } finally {
      await again.close();
    }
  }, 60_000); // two starts of two chains
});

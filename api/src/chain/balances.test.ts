// Database-independent: a dev chain only.
import { randomBytes } from 'node:crypto';
import { MULTICALL3_ADDRESS } from '@dash/shared/contracts';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { sendTestToken, testChainsConfig, testDevChainHead } from '../test/dev-chain';
import { rpcProxy } from '../test/rpc-proxy';
import { readBalances } from './balances';
import { ChainUnreachableError, createChains } from './client';

const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

/** The test dev chain's arbitrum-sepolia (USDC, MXNB) behind a counting proxy. */
async function arbitrumSepolia() {
  const config = await testChainsConfig();
  const dev = config.networks.find((network) => network.network === 'arbitrum-sepolia');
  if (!dev) throw new Error('no arbitrum-sepolia dev chain');
  const proxy = await rpcProxy(dev.rpcUrl);
  const network = createChains({ ...config, networks: [{ ...dev, rpcUrl: proxy.url }] }).of(
    'arbitrum-sepolia',
  );
  if (!network) throw new Error('arbitrum-sepolia not watched');
  return { network, proxy };
}

describe('reading balances', () => {
  it('reads every token of many addresses in one Multicall3 call at one block', async () => {
    const { network, proxy } = await arbitrumSepolia();
    const holders = Array.from({ length: 50 }, randomAddress);
    await sendTestToken('arbitrum-sepolia', 'USDC', holders[7] as string, '12.345678');
    await sendTestToken('arbitrum-sepolia', 'MXNB', holders[7] as string, '0.000001');
    const head = await testDevChainHead('arbitrum-sepolia');

    const read = await readBalances(network, holders, head);

    const calls = proxy.calls.filter((call) => call.method === 'eth_call');
    expect(proxy.calls).toHaveLength(1);
    const [request, blockTag] = (calls[0]?.params ?? []) as [{ to: string }, string];
    expect(request.to.toLowerCase()).toBe(MULTICALL3_ADDRESS.toLowerCase());
    expect(blockTag).toBe(`0x${head.toString(16)}`);
    expect(read.blockNumber).toBe(head);
    expect(read.balances).toHaveLength(100);
    expect(read.failed).toEqual([]);
    const of = (symbol: string) =>
      read.balances.find((balance) => balance.address === holders[7] && balance.token.symbol === symbol);
    expect(of('USDC')).toMatchObject({ units: 12_345_678n, amount: '12.345678' });
    expect(of('MXNB')).toMatchObject({ units: 1n, amount: '0.000001' });
    expect(read.balances.filter((balance) => balance.units > 0n)).toHaveLength(2);
  });

  it('asks the head first when no block is given, and reads each address once', async () => {
    const { network, proxy } = await arbitrumSepolia();
    const holder = randomAddress();
    const block = await sendTestToken('arbitrum-sepolia', 'USDC', holder, '3');

    const read = await readBalances(network, [holder, holder.toLowerCase()]);

    expect(proxy.calls.map((call) => call.method)).toEqual(['eth_blockNumber', 'eth_call']);
    expect(read.blockNumber).toBe(block);
    expect(read.balances.map((balance) => [balance.token.symbol, balance.amount])).toEqual([
      ['USDC', '3'],
      ['MXNB', '0'],
    ]);
  });

  it('says a chain that does not answer is unreachable', async () => {
    const { network, proxy } = await arbitrumSepolia();
    proxy.down();
    await expect(readBalances(network, [randomAddress()])).rejects.toBeInstanceOf(ChainUnreachableError);
  });
});

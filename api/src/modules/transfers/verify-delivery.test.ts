import { toBaseUnits, tokenOf } from '@dash/shared/contracts';
import { createPublicClient, createWalletClient, erc20Abi, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEV_CHAIN_KEYS } from '../../chain/index';
import { testChainsConfig, testDevChain } from '../../test/dev-chain';
import { railsScene, SCENE_WALLET } from '../../test/rails-scene';

const WALLET = SCENE_WALLET;
const STRANGER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const testbrz = tokenOf('polygon-amoy', 'testbrz', true);

/** The test dev chain's polygon-amoy, and a treasury that sends testbrz from it. */
async function amoy() {
  const chains = await testDevChain();
  const url = chains.chains.find((chain) => chain.network === 'polygon-amoy')?.url ?? '';
  const client = createPublicClient({ transport: http(url) });
  const treasury = createWalletClient({
    transport: http(url),
    account: privateKeyToAccount(DEV_CHAIN_KEYS.treasury),
  });
  return {
    url,
    client,
    rpc: async (method: string, params: unknown[] = []) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then(async (response) => ((await response.json()) as { result: unknown }).result),
    /** Sends `amount` testbrz to `to`; answers the transaction's hash (mined at once unless automine is off). */
    async send(to: string, amount: string): Promise<Hex> {
      if (!testbrz) throw new Error('no local testbrz');
      return treasury.writeContract({
        address: testbrz.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to as Hex, toBaseUnits(amount, testbrz.decimals)],
        chain: null,
      });
    },
    /** Sends a little ETH to `to`: a transaction that moves no token. */
    sendEth: (to: string): Promise<Hex> =>
      treasury.sendTransaction({ to: to as Hex, value: 1n, chain: null }),
    /** Sends from another key with a fixed gas limit (no estimate), so a transfer that reverts is mined. */
    async sendFrom(key: Hex, to: string, amount: string): Promise<Hex> {
      if (!testbrz) throw new Error('no local testbrz');
      const wallet = createWalletClient({ transport: http(url), account: privateKeyToAccount(key) });
      return wallet.writeContract({
        address: testbrz.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to as Hex, toBaseUnits(amount, testbrz.decimals)],
        gas: 100_000n,
        chain: null,
      });
    },
  };
}

describe('an on-ramp completes on the chain’s word', () => {
  it('completes once its network shows the exact amount sent to the wallet, counting the log once', async () => {
    const scene = await railsScene();
    const chain = await amoy();
    const transfer = await scene.onRamp();
    expect(transfer).toMatchObject({ status: 'awaiting_funds', targetAmount: '994.00' });
    const before = await chain.client.readContract({
      address: testbrz?.address as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [WALLET],
    });

    const hash = await chain.send(WALLET, '994');
    await scene.report(transfer.providerReference ?? '', hash);
    await scene.report(transfer.providerReference ?? '', hash); // a replayed webhook

    const done = await scene.detail(transfer.uid);
    // On a dev chain: the page links it to no public explorer.
    expect(done).toMatchObject({ status: 'completed', txHash: hash, localChain: true });
    expect(done.review).toBeUndefined();
    expect(done.events.map((event) => event.to)).toEqual([
      'awaiting_funds',
      'funds_received',
      'payment_submitted',
      'completed',
    ]);
    const counted = await scene.countedLogs(transfer.uid);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ chainId: 80002, txHash: hash, toAddress: WALLET, symbol: 'testbrz' });
    expect(counted[0]?.units).toBe(toBaseUnits('994', 18).toString());
    const after = await chain.client.readContract({
      address: testbrz?.address as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [WALLET],
    });
    expect(after - before).toBe(toBaseUnits('994', 18));
  });

  it('holds a wrong amount or a wrong recipient in review, saying what the chain shows, until a matching delivery is reported', async () => {
    const scene = await railsScene();
    const chain = await amoy();
    const transfer = await scene.onRamp();

    const short = await chain.send(WALLET, '993.5');
    await scene.report(transfer.providerReference ?? '', short);
    const held = await scene.detail(transfer.uid);
    expect(held.status).toBe('payment_submitted');
    expect(held.review).toEqual({
      code: 'delivery_mismatch',
      params: {
        network: 'polygon-amoy',
        txHash: short,
        symbol: 'testbrz',
        expected: `994.00 testbrz → ${WALLET}`,
        found: `993.5 testbrz → ${WALLET}`,
      },
      message: `The provider's delivery ${short} on polygon-amoy does not send 994.00 testbrz → ${WALLET}; the chain shows 993.5 testbrz → ${WALLET}.`,
    });
    expect(await scene.reviewAudits(transfer.uid)).toHaveLength(1);

    const elsewhere = await chain.send(STRANGER, '994');
    await scene.report(transfer.providerReference ?? '', elsewhere);
    expect((await scene.detail(transfer.uid)).review?.params.found).toBe(`994 testbrz → ${STRANGER}`);
    expect(await scene.reviewAudits(transfer.uid)).toHaveLength(2);
    expect(await scene.countedLogs(transfer.uid)).toHaveLength(0);

    const noToken = await chain.sendEth(WALLET);
    await scene.report(transfer.providerReference ?? '', noToken);
    const none = await scene.detail(transfer.uid);
    expect(none.review?.params.found).toBeUndefined();
    expect(none.review?.message).toBe(
      `The provider's delivery ${noToken} on polygon-amoy does not send 994.00 testbrz → ${WALLET}; it moves no testbrz.`,
    );

    const right = await chain.send(WALLET, '994');
    await scene.report(transfer.providerReference ?? '', right);
    const done = await scene.detail(transfer.uid);
    expect(done).toMatchObject({ status: 'completed', txHash: right });
    expect(done.review).toBeUndefined();
  });

  it('never lets one transfer log complete two transfers', async () => {
    const scene = await railsScene();
    const chain = await amoy();
    const first = await scene.onRamp();
    const second = await scene.onRamp();
    const hash = await chain.send(WALLET, '994');
    await scene.report(first.providerReference ?? '', hash);
    await scene.report(second.providerReference ?? '', hash);
    expect((await scene.detail(first.uid)).status).toBe('completed');
    const held = await scene.detail(second.uid);
    expect(held.status).toBe('payment_submitted');
    expect(held.review?.code).toBe('delivery_counted_elsewhere');
  });

  it('waits for a transaction not mined yet and for its confirmations, then completes', async () => {
    const chains = await testChainsConfig(2);
    const scene = await railsScene(chains);
    const chain = await amoy();
    const transfer = await scene.onRamp();
    await chain.rpc('evm_setAutomine', [false]);
    try {
      const hash = await chain.send(WALLET, '994');
      await scene.report(transfer.providerReference ?? '', hash);
      // In the pool, not in a block: no review, no completion.
      let now = await scene.detail(transfer.uid);
      expect(now).toMatchObject({ status: 'payment_submitted', txHash: hash });
      expect(now.review).toBeUndefined();
      await chain.rpc('evm_mine');
      // One block: one confirmation of the two asked for.
      await new Promise((resolve) => setTimeout(resolve, 120));
      await scene.testApp.app.jobs.drain();
      now = await scene.detail(transfer.uid);
      expect(now.status).toBe('payment_submitted');
      await chain.rpc('evm_mine');
      await new Promise((resolve) => setTimeout(resolve, 120));
      await scene.testApp.app.jobs.drain();
      expect((await scene.detail(transfer.uid)).status).toBe('completed');
    } finally {
      await chain.rpc('evm_setAutomine', [true]);
    }
  });

  it('says a network it does not watch cannot be checked, and reports a reverted or unknown transaction', async () => {
    const watched = await testChainsConfig();
    const scene = await railsScene({
      ...watched,
      networks: watched.networks.filter((network) => network.network !== 'polygon-amoy'),
    });
    const chain = await amoy();
    const transfer = await scene.onRamp();
    await scene.report(transfer.providerReference ?? '', await chain.send(WALLET, '994'));
    const held = await scene.detail(transfer.uid);
    expect(held.status).toBe('payment_submitted');
    expect(held.review).toMatchObject({
      code: 'network_unwatched',
      message:
        'This installation does not watch polygon-amoy or its token, so the delivery cannot be checked.',
    });

    const watching = await railsScene();
    const other = await watching.onRamp();
    await watching.report(other.providerReference ?? '', 'not-a-hash');
    expect((await watching.detail(other.uid)).review?.code).toBe('delivery_not_found');
    // A transfer from an account that holds no testbrz: mined, and reverted.
    const reverted = await chain.sendFrom(DEV_CHAIN_KEYS.funder, WALLET, '994');
    expect(
      (await chain.client.waitForTransactionReceipt({ hash: reverted, pollingInterval: 50 })).status,
    ).toBe('reverted');
    await watching.report(other.providerReference ?? '', reverted);
    expect((await watching.detail(other.uid)).review).toMatchObject({
      code: 'delivery_reverted',
      params: { network: 'polygon-amoy', txHash: reverted },
    });
  });
});

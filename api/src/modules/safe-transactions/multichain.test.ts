import { randomUUID } from 'node:crypto';
import {
  SAFE_NOT_ON_NETWORK,
  SAFE_WALLET_NOT_ON_NETWORK,
  type TSafeTransaction,
  tokenOf,
  ZSafeTransactionResponse,
  ZSafeTransactionsResponse,
} from '@dash/shared/contracts';
import { createPublicClient, erc20Abi, getAddress, type Hex, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { registeredWallets } from '../../db/schema';
import { sendTestToken, testChainsConfig, testDevChain } from '../../test/dev-chain';
import { call } from '../../test/http';
import { deploySafeOn, safeScene } from '../../test/safe';
import { SAFE_ARTIFACTS } from '../wallet/index';
import { safeTxArgs } from './safe-tx';

// The Safe on two networks: each network's Safe counts its own nonces, so a transfer on polygon-amoy
// takes nonce 0 there whatever the Safe's queue on arbitrum-sepolia, is executed by the relayer on
// polygon-amoy, and is in conflict with no transaction of the other network.

type Scene = Awaited<ReturnType<typeof safeScene>>;
const AMOY = 80002;
const TESTBRZ = tokenOf('polygon-amoy', 'testbrz', true);

async function amoy() {
  const found = (await testDevChain()).chains.find((chain) => chain.chainId === AMOY);
  if (!found) throw new Error('no polygon-amoy dev chain');
  return createPublicClient({ transport: http(found.url) });
}

function post(scene: Scene, path: string, body: unknown, cookie = scene.admin.cookie) {
  return call(scene.testApp.app, 'POST', path, {
    cookie,
    body,
    headers: { 'x-organization-uid': scene.organization.uid, 'idempotency-key': randomUUID() },
  });
}

async function proposeOk(scene: Scene, body: unknown): Promise<TSafeTransaction> {
  const response = await post(scene, '/wallet/transactions', body);
  expect(response.statusCode, response.body).toBe(201);
  return ZSafeTransactionResponse.parse(response.json()).data;
}

async function detail(scene: Scene, safeTxHash: string): Promise<TSafeTransaction> {
  const response = await call(scene.testApp.app, 'GET', `/wallet/transactions/${safeTxHash}`, {
    cookie: scene.viewer.cookie,
    organization: scene.organization.uid,
  });
  return ZSafeTransactionResponse.parse(response.json()).data;
}

describe('the Safe’s transactions on a second network', () => {
  it('take the Safe’s own nonces there, are executed there, and conflict with nothing elsewhere', async () => {
    const scene = await safeScene({ config: { chains: await testChainsConfig() } });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const [onAmoy] = await scene.testApp.db
      .insert(registeredWallets)
      .values({
        organizationUid: scene.organization.uid,
        network: 'polygon-amoy',
        address: recipient,
        name: 'Brazil',
      })
      .returning();
    if (!onAmoy) throw new Error('wallet not written');

    // Before the Safe is on polygon-amoy, a transfer to a wallet there is refused, as a rejection there.
    const early = await post(scene, '/wallet/transactions', {
      kind: 'transfer',
      symbol: 'testbrz',
      amount: '1',
      walletUid: onAmoy.uid,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields).toEqual({ walletUid: SAFE_WALLET_NOT_ON_NETWORK });
    const rejectEarly = await post(scene, '/wallet/transactions', {
      kind: 'rejection',
      nonce: 0,
      network: 'polygon-amoy',
    });
    expect(rejectEarly.json().error).toMatchObject({ fields: { network: SAFE_NOT_ON_NETWORK } });

    // The first network's Safe has a queue: nonces 0 and 1 there.
    const first = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '1',
      walletUid: scene.wallet.uid,
    });
    const second = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '2',
      walletUid: scene.wallet.uid,
    });
    expect([first.nonce, second.nonce]).toEqual([0, 1]);

    await deploySafeOn(scene, 'polygon-amoy');
    const onPolygon = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'testbrz',
      amount: '3.5',
      walletUid: onAmoy.uid,
    });
    expect(onPolygon).toMatchObject({
      network: 'polygon-amoy',
      chainId: AMOY,
      safeAddress: scene.safe,
      nonce: 0,
      transfer: { symbol: 'testbrz', amount: '3.5', token: TESTBRZ?.address },
    });
    // Its safeTxHash is the one the Safe on polygon-amoy computes (its domain names chain 80002).
    const client = await amoy();
    const { tx } = onPolygon;
    expect(
      await client.readContract({
        address: scene.safe,
        abi: SAFE_ARTIFACTS.safeL2.abi,
        functionName: 'getTransactionHash',
        args: [...safeTxArgs(tx), BigInt(tx.nonce)],
      }),
    ).toBe(onPolygon.safeTxHash);

    // Nonce 0 on two networks is no conflict.
    const queue = ZSafeTransactionsResponse.parse(
      (
        await call(scene.testApp.app, 'GET', '/wallet/transactions', {
          cookie: scene.viewer.cookie,
          organization: scene.organization.uid,
        })
      ).json(),
    ).data.queued;
    expect(queue.map((row) => [row.network, row.nonce, row.conflict])).toEqual([
      ['arbitrum-sepolia', 0, false],
      ['polygon-amoy', 0, false],
      ['arbitrum-sepolia', 1, false],
    ]);
    // A rejection there is of polygon-amoy's nonce 0, in conflict with its transfer only.
    const rejection = await proposeOk(scene, { kind: 'rejection', nonce: 0, network: 'polygon-amoy' });
    expect(rejection).toMatchObject({ chainId: AMOY, nonce: 0, conflict: true });
    expect((await detail(scene, first.safeTxHash)).conflict).toBe(false);

    // Both owners confirm the transfer; the relayer executes it on polygon-amoy.
    await sendTestToken('polygon-amoy', 'testbrz', scene.safe, '10');
    for (const signer of scene.signers) {
      const confirmed = await call(
        scene.testApp.app,
        'POST',
        `/wallet/transactions/${onPolygon.safeTxHash}/confirmations`,
        {
          cookie: signer.user.cookie,
          organization: scene.organization.uid,
          body: { signature: await signer.key.signTypedData(JSON.parse(onPolygon.typedData)) },
        },
      );
      expect(confirmed.statusCode, confirmed.body).toBe(201);
    }
    let executed: TSafeTransaction | undefined;
    for (let round = 0; round < 100 && executed?.status !== 'executed'; round += 1) {
      await scene.testApp.app.jobs.drain();
      executed = await detail(scene, onPolygon.safeTxHash);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(executed?.status).toBe('executed');
    expect((await detail(scene, rejection.safeTxHash)).status).toBe('replaced');
    const balance = await client.readContract({
      address: TESTBRZ?.address as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [getAddress(recipient)],
    });
    expect(balance).toBe(3_500_000_000_000_000_000n);
    const nonceOf = (read: typeof client) =>
      read.readContract({ address: scene.safe, abi: SAFE_ARTIFACTS.safeL2.abi, functionName: 'nonce' });
    expect(await nonceOf(client)).toBe(1n);
    // The first network's queue is as it was: still nonces 0 and 1, awaiting confirmations.
    expect((await detail(scene, first.safeTxHash)).status).toBe('awaiting_confirmations');
    expect((await detail(scene, second.safeTxHash)).status).toBe('awaiting_confirmations');
  });
});

import { randomUUID } from 'node:crypto';
import {
  SAFE_ALREADY_CONFIRMED,
  SAFE_DEVICE_UNVERIFIED,
  SAFE_SIGNATURE_MALFORMED,
  SAFE_SIGNATURE_NOT_OWNER,
  SAFE_SIGNATURE_NOT_YOURS,
  type TSafeTransaction,
  toBaseUnits,
  tokenOf,
  ZMailboxResponse,
  ZOverviewResponse,
  ZSafeTransactionResponse,
  ZSafeTransactionsResponse,
} from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { createPublicClient, erc20Abi, getAddress, type Hex, http } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEV_CHAIN_KEYS } from '../../chain/index';
import { safeTransactionConfirmations, signingDevices } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { emptyTestDatabase } from '../../test/database';
import { sendTestToken, testChainsConfig, testDevChain } from '../../test/dev-chain';
import { call } from '../../test/http';
import { safeScene, testWalletConfig } from '../../test/safe';
import { ledgerBalancesOf } from '../overview/index';
import { createWalletChainAccess, SAFE_ARTIFACTS, type WalletChainAccess } from '../wallet/index';
import { packSignatures, safeTxArgs } from './safe-tx';

type Scene = Awaited<ReturnType<typeof safeScene>>;
/**
 * Safe's own SDK (protocol-kit 7.2, a test-only dependency sharing our viem), loaded by a name the
 * compiler does not follow: its types register abitype's address type as `string` for the whole
 * program, which would loosen every address type of the API.
 */
const PROTOCOL_KIT = '@safe-global/protocol-kit';
async function sdkSafeTxHash(safe: string, tx: TSafeTransaction['tx'], chainId: number): Promise<string> {
  const kit = (await import(PROTOCOL_KIT)) as {
    calculateSafeTransactionHash: (
      safe: string,
      tx: Omit<TSafeTransaction['tx'], 'nonce'> & { nonce: number },
      version: string,
      chainId: bigint,
    ) => string;
  };
  return kit.calculateSafeTransactionHash(safe, { ...tx, nonce: Number(tx.nonce) }, '1.4.1', BigInt(chainId));
}
const USDC = tokenOf('arbitrum-sepolia', 'USDC', true);

async function propose(scene: Scene, cookie: string, body: unknown) {
  const response = await call(scene.testApp.app, 'POST', '/wallet/transactions', {
    cookie,
    body,
    headers: { 'x-organization-uid': scene.organization.uid, 'idempotency-key': randomUUID() },
  });
  return response;
}

async function proposeOk(scene: Scene, body: unknown): Promise<TSafeTransaction> {
  const response = await propose(scene, scene.admin.cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return ZSafeTransactionResponse.parse(response.json()).data;
}

function confirm(scene: Scene, cookie: string, safeTxHash: string, signature: string) {
  return call(scene.testApp.app, 'POST', `/wallet/transactions/${safeTxHash}/confirmations`, {
    cookie,
    body: { signature },
    headers: { 'x-organization-uid': scene.organization.uid },
  });
}

/** eth_signTypedData_v4 of the transaction's typed data, as the browser's wallet signs it. */
const signTyped = (key: PrivateKeyAccount, transaction: TSafeTransaction) =>
  key.signTypedData(JSON.parse(transaction.typedData));

/** eth_sign of the safeTxHash, v raised by 4 as the Safe marks it (hardware wallets). */
async function signEthSign(key: PrivateKeyAccount, transaction: TSafeTransaction): Promise<string> {
  const signature = await key.signMessage({ message: { raw: transaction.safeTxHash as Hex } });
  const v = Number.parseInt(signature.slice(130), 16) + 4;
  return `${signature.slice(0, 130)}${v.toString(16)}`;
}

/** One transaction as a Viewer reads it. */
async function detail(scene: Scene, safeTxHash: string): Promise<TSafeTransaction> {
  const response = await call(scene.testApp.app, 'GET', `/wallet/transactions/${safeTxHash}`, {
    cookie: scene.viewer.cookie,
    headers: { 'x-organization-uid': scene.organization.uid },
  });
  return ZSafeTransactionResponse.parse(response.json()).data;
}

/** Runs the job runner until the transaction reaches `status` (the relayer's execution is a job). */
async function settled(scene: Scene, safeTxHash: string, status: TSafeTransaction['status']) {
  const started = performance.now();
  for (let round = 0; round < 100; round += 1) {
    await scene.testApp.app.jobs.drain();
    const current = await detail(scene, safeTxHash);
    if (current.status === status) {
      console.log(
        `Safe transaction ${current.kind} → ${status}: ${(performance.now() - started).toFixed(0)} ms after the last confirmation`,
      );
      return current;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${safeTxHash} never reached ${status}`);
}

async function balanceOf(address: string): Promise<bigint> {
  return (await chain()).readContract({
    address: USDC?.address as Hex,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [getAddress(address)],
  });
}

async function chain() {
  const devChain = await testDevChain();
  return createPublicClient({ transport: http(devChain.url) });
}

const errorOf = (response: { statusCode: number; json: () => unknown }) => ({
  status: response.statusCode,
  error: (response.json() as { error?: { code: string; message: string } }).error,
});

describe('Safe transactions', () => {
  it("counts on the overview the transactions waiting for the reader's signature, until they give it", async () => {
    const scene = await safeScene();
    const waitingFor = async (cookie: string) =>
      ZOverviewResponse.parse(
        (
          await call(scene.testApp.app, 'GET', `/organizations/${scene.organization.uid}/overview`, {
            cookie,
            headers: { 'x-organization-uid': scene.organization.uid },
          })
        ).json(),
      ).data.waiting.signatures;
    const transaction = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '1',
      walletUid: scene.wallet.uid,
    });
    expect(await waitingFor(scene.admin.cookie)).toBe(1);
    expect(await waitingFor(scene.editor.cookie)).toBe(1);
    expect(await waitingFor(scene.viewer.cookie)).toBe(0);
    // The owner who did not propose it is told once by mail (the job runner sends it).
    await scene.testApp.app.jobs.drain();
    await scene.testApp.app.jobs.drain();
    const mailsTo = async (to: string) =>
      ZMailboxResponse.parse(
        (await call(scene.testApp.app, 'GET', `/dev/mailbox?to=${encodeURIComponent(to)}`)).json(),
      ).filter((mail) => mail.subject.startsWith('Your signature is needed'));
    const [mail, ...more] = await mailsTo(scene.editor.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Your signature is needed: send 1 USDC to Payroll \(/);
    expect(mail?.text).toContain(`/org/${scene.organization.slug}/wallet`);
    expect(await mailsTo(scene.admin.email)).toEqual([]);
    const [admin] = scene.signers;
    if (!admin) throw new Error('no signer');
    const confirmed = await confirm(
      scene,
      admin.user.cookie,
      transaction.safeTxHash,
      await signTyped(admin.key, transaction),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await waitingFor(scene.admin.cookie)).toBe(0);
    expect(await waitingFor(scene.editor.cookie)).toBe(1);
  });

  it('computes the safeTxHash the deployed Safe computes, for a transfer and a rejection', async () => {
    const scene = await safeScene();
    const transfer = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '12.5',
      walletUid: scene.wallet.uid,
    });
    const rejection = await proposeOk(scene, { kind: 'rejection', nonce: transfer.nonce });
    const client = await chain();
    for (const transaction of [transfer, rejection]) {
      const { tx } = transaction;
      const onChain = await client.readContract({
        address: scene.safe,
        abi: SAFE_ARTIFACTS.safeL2.abi,
        functionName: 'getTransactionHash',
        args: [...safeTxArgs(tx), BigInt(tx.nonce)],
      });
      expect(onChain).toBe(transaction.safeTxHash);
      // And as Safe's own SDK computes it (protocol-kit 7.2, a test-only dependency on our viem).
      expect(await sdkSafeTxHash(scene.safe, tx, transaction.chainId)).toBe(transaction.safeTxHash);
    }
    expect(transfer).toMatchObject({
      kind: 'transfer',
      status: 'awaiting_confirmations',
      network: 'arbitrum-sepolia',
      nonce: 0,
      threshold: 2,
      // Alone at its nonce when proposed; the rejection below puts it in conflict.
      conflict: false,
      transfer: {
        symbol: 'USDC',
        amount: '12.5',
        recipient: { walletUid: scene.wallet.uid, name: 'Payroll' },
      },
      confirmations: [],
    });
    expect(transfer.missing.map((owner) => owner.owner)).toEqual(
      scene.signers.map((signer) => signer.key.address),
    );
    expect(rejection).toMatchObject({ kind: 'rejection', nonce: 0, tx: { to: scene.safe, data: '0x' } });
    // The queue shows both at nonce 0, in conflict.
    const list = await call(scene.testApp.app, 'GET', '/wallet/transactions', {
      cookie: scene.viewer.cookie,
      headers: { 'x-organization-uid': scene.organization.uid },
    });
    const { queued } = ZSafeTransactionsResponse.parse(list.json()).data;
    expect(queued.map((row) => [row.kind, row.nonce, row.conflict])).toEqual([
      ['transfer', 0, true],
      ['rejection', 0, true],
    ]);
    // A Viewer proposes nothing; a second rejection of the nonce is refused.
    expect((await propose(scene, scene.viewer.cookie, { kind: 'rejection', nonce: 0 })).statusCode).toBe(403);
    expect((await propose(scene, scene.admin.cookie, { kind: 'rejection', nonce: 0 })).statusCode).toBe(409);
    expect((await propose(scene, scene.admin.cookie, { kind: 'rejection', nonce: 7 })).statusCode).toBe(400);
  });

  it('takes each owner’s confirmation from their own device; the packed signatures execute on chain', async () => {
    const scene = await safeScene();
    const [adminSigner, editorSigner] = scene.signers as [Scene['signers'][0], Scene['signers'][0]];
    await sendTestToken('arbitrum-sepolia', 'USDC', scene.safe, '100');
    // The watcher has looked once: what moves from now on is read.
    await scene.testApp.app.holdings.checkNow();
    const transaction = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '12.5',
      walletUid: scene.wallet.uid,
    });

    const first = await confirm(
      scene,
      scene.admin.cookie,
      transaction.safeTxHash,
      await signTyped(adminSigner.key, transaction),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(ZSafeTransactionResponse.parse(first.json()).data).toMatchObject({
      status: 'awaiting_confirmations',
    });
    const second = await confirm(
      scene,
      scene.editor.cookie,
      transaction.safeTxHash,
      await signEthSign(editorSigner.key, transaction),
    );
    expect(second.statusCode, second.body).toBe(201);
    const ready = ZSafeTransactionResponse.parse(second.json()).data;
    expect(ready).toMatchObject({ status: 'ready', missing: [] });
    expect(ready.confirmations.map((c) => c.userUid)).toEqual([scene.admin.uid, scene.editor.uid]);

    // The relayer executes it: the Safe sends exactly 12.5 USDC, and the transaction says so.
    const executed = await settled(scene, transaction.safeTxHash, 'executed');
    expect(executed.executionTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    const client = await chain();
    const balance = await client.readContract({
      address: USDC?.address as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [getAddress(scene.wallet.address)],
    });
    expect(balance).toBe(toBaseUnits('12.5', 6));
    expect(
      await client.readContract({
        address: scene.safe,
        abi: SAFE_ARTIFACTS.safeL2.abi,
        functionName: 'nonce',
      }),
    ).toBe(1n);
    // Booked to the ledger: from the Safe to the wallet it paid; the watcher books nothing more for it.
    const ledger = await ledgerBalancesOf(scene.testApp.db, scene.organization.uid);
    expect(ledger.byWallet).toEqual([
      expect.objectContaining({ safe: true, wallet: null, currency: 'USDC', posted: '-12.5' }),
      expect.objectContaining({
        safe: false,
        wallet: expect.objectContaining({ uid: scene.wallet.uid }),
        posted: '12.5',
      }),
    ]);
    await sendTestToken('arbitrum-sepolia', 'USDC', scene.wallet.address, '0.5');
    await scene.testApp.app.holdings.checkNow();
    const holdings = await call(
      scene.testApp.app,
      'GET',
      `/organizations/${scene.organization.uid}/holdings`,
      {
        cookie: scene.viewer.cookie,
      },
    );
    expect(holdings.json().data.incoming.map((row: { amount: string }) => row.amount)).toEqual(['0.5']);
  });

  it('executes a rejection, after which the original is replaced and can never execute on chain', async () => {
    const scene = await safeScene();
    const [adminSigner, editorSigner] = scene.signers as [Scene['signers'][0], Scene['signers'][0]];
    await sendTestToken('arbitrum-sepolia', 'USDC', scene.safe, '10');
    const original = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '4',
      walletUid: scene.wallet.uid,
    });
    // One owner confirms the original; then both agree to reject its nonce instead.
    expect(
      (
        await confirm(
          scene,
          scene.admin.cookie,
          original.safeTxHash,
          await signTyped(adminSigner.key, original),
        )
      ).statusCode,
    ).toBe(201);
    const rejection = await proposeOk(scene, { kind: 'rejection', nonce: original.nonce });
    for (const [signer, cookie] of [
      [adminSigner, scene.admin.cookie],
      [editorSigner, scene.editor.cookie],
    ] as const) {
      expect(
        (await confirm(scene, cookie, rejection.safeTxHash, await signTyped(signer.key, rejection)))
          .statusCode,
      ).toBe(201);
    }
    await settled(scene, rejection.safeTxHash, 'executed');
    expect((await detail(scene, original.safeTxHash)).status).toBe('replaced');
    // Even with every signature, the original's nonce is gone: the Safe refuses it.
    const editorSignature = await signTyped(editorSigner.key, original);
    const adminSignature = (await scene.testApp.db.select().from(safeTransactionConfirmations)).find(
      (row) => row.owner === adminSigner.key.address && row.safeTransactionUid === original.uid,
    )?.signature as string;
    const { tx } = original;
    const client = await chain();
    await expect(
      client.simulateContract({
        account: privateKeyToAccount(DEV_CHAIN_KEYS.relayer),
        address: scene.safe,
        abi: SAFE_ARTIFACTS.safeL2.abi,
        functionName: 'execTransaction',
        args: [
          ...safeTxArgs(tx),
          packSignatures([
            { owner: adminSigner.key.address, signature: adminSignature },
            { owner: editorSigner.key.address, signature: editorSignature },
          ]),
        ],
      }),
    ).rejects.toThrow();
    expect(await balanceOf(scene.wallet.address)).toBe(0n);
  });

  it('resumes an execution recorded but not broadcast (the process died): one execution on chain', async () => {
    const database = await emptyTestDatabase();
    const real = createWalletChainAccess(await testWalletConfig());
    const dying: WalletChainAccess = {
      ...real,
      broadcast: () => Promise.reject(new Error('killed before broadcast')),
    };
    const scene = await safeScene({ database, walletChain: dying });
    const [adminSigner, editorSigner] = scene.signers as [Scene['signers'][0], Scene['signers'][0]];
    await sendTestToken('arbitrum-sepolia', 'USDC', scene.safe, '10');
    const transaction = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '2.5',
      walletUid: scene.wallet.uid,
    });
    expect(
      (
        await confirm(
          scene,
          scene.admin.cookie,
          transaction.safeTxHash,
          await signTyped(adminSigner.key, transaction),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await confirm(
          scene,
          scene.editor.cookie,
          transaction.safeTxHash,
          await signTyped(editorSigner.key, transaction),
        )
      ).statusCode,
    ).toBe(201);
    await scene.testApp.app.jobs.drain();
    const recorded = await detail(scene, transaction.safeTxHash);
    expect(recorded).toMatchObject({ status: 'executing', executionTxHash: expect.stringMatching(/^0x/) });
    await scene.testApp.app.close();

    // A new process on the same database: the same bytes are sent, once.
    const again = await createTestApp(
      { wallet: await testWalletConfig(), chains: await testChainsConfig() },
      { database },
    );
    const resumed = { ...scene, testApp: again };
    const done = await settled(resumed, transaction.safeTxHash, 'executed');
    expect(done.executionTxHash).toBe(recorded.executionTxHash);
    expect(await balanceOf(scene.wallet.address)).toBe(toBaseUnits('2.5', 6));
  });

  it('refuses, storing nothing: a stranger’s, another owner’s, a malformed or high-s signature, one over another transaction, an unverified device, a second confirmation', async () => {
    const scene = await safeScene();
    const [adminSigner, editorSigner] = scene.signers as [Scene['signers'][0], Scene['signers'][0]];
    const transaction = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '1',
      walletUid: scene.wallet.uid,
    });
    const other = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '2',
      walletUid: scene.wallet.uid,
    });
    const mine = await signTyped(adminSigner.key, transaction);
    const s = BigInt(`0x${mine.slice(66, 130)}`);
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const highS = `${mine.slice(0, 66)}${(n - s).toString(16).padStart(64, '0')}${mine.slice(130) === '1b' ? '1c' : '1b'}`;
    const stranger = privateKeyToAccount(generatePrivateKey());
    const cases: [string, string, string, number, string][] = [
      [
        'a stranger',
        scene.admin.cookie,
        await signTyped(stranger, transaction),
        403,
        SAFE_SIGNATURE_NOT_OWNER,
      ],
      [
        'another transaction',
        scene.admin.cookie,
        await signTyped(adminSigner.key, other),
        403,
        SAFE_SIGNATURE_NOT_OWNER,
      ],
      [
        'another owner’s key',
        scene.admin.cookie,
        await signTyped(editorSigner.key, transaction),
        403,
        SAFE_SIGNATURE_NOT_YOURS,
      ],
      ['a Viewer with an owner’s signature', scene.viewer.cookie, mine, 403, SAFE_SIGNATURE_NOT_YOURS],
      ['a bad recovery id', scene.admin.cookie, `${mine.slice(0, 130)}05`, 400, SAFE_SIGNATURE_MALFORMED],
      ['a high s', scene.admin.cookie, highS, 400, SAFE_SIGNATURE_MALFORMED],
      ['too short', scene.admin.cookie, '0x1234', 400, SAFE_SIGNATURE_MALFORMED],
    ];
    for (const [name, cookie, signature, status, message] of cases) {
      const answer = errorOf(await confirm(scene, cookie, transaction.safeTxHash, signature));
      expect({ name, ...answer }).toMatchObject({ name, status, error: { message } });
    }
    expect(await scene.testApp.db.select().from(safeTransactionConfirmations)).toEqual([]);

    // A device registered before proofs were required (unverified) confirms nothing until its
    // owner proves its key through the verification its page offers.
    await scene.testApp.db
      .update(signingDevices)
      .set({ verifiedAt: null })
      .where(eq(signingDevices.uid, adminSigner.deviceUid));
    expect(errorOf(await confirm(scene, scene.admin.cookie, transaction.safeTxHash, mine))).toMatchObject({
      status: 403,
      error: { message: SAFE_DEVICE_UNVERIFIED },
    });
    expect(await scene.testApp.db.select().from(safeTransactionConfirmations)).toEqual([]);
    const challenge = await call(scene.testApp.app, 'POST', '/profile/signing-devices/challenges', {
      cookie: scene.admin.cookie,
      body: { ethAddress: adminSigner.key.address },
    });
    const { uid: challengeUid, message } = challenge.json().data;
    const verified = await call(
      scene.testApp.app,
      'POST',
      `/profile/signing-devices/${adminSigner.deviceUid}/verification`,
      {
        cookie: scene.admin.cookie,
        body: { challengeUid, signature: await adminSigner.key.signMessage({ message }) },
      },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await confirm(scene, scene.admin.cookie, transaction.safeTxHash, mine)).statusCode).toBe(201);
    expect(errorOf(await confirm(scene, scene.admin.cookie, transaction.safeTxHash, mine))).toMatchObject({
      status: 409,
      error: { message: SAFE_ALREADY_CONFIRMED },
    });
    expect(await scene.testApp.db.select().from(safeTransactionConfirmations)).toHaveLength(1);
  });

  it('takes two confirmations sent at the same moment, and is ready once', async () => {
    const scene = await safeScene();
    const [adminSigner, editorSigner] = scene.signers as [Scene['signers'][0], Scene['signers'][0]];
    const transaction = await proposeOk(scene, {
      kind: 'transfer',
      symbol: 'USDC',
      amount: '3',
      walletUid: scene.wallet.uid,
    });
    const [a, b] = await Promise.all([
      confirm(
        scene,
        scene.admin.cookie,
        transaction.safeTxHash,
        await signTyped(adminSigner.key, transaction),
      ),
      confirm(
        scene,
        scene.editor.cookie,
        transaction.safeTxHash,
        await signTyped(editorSigner.key, transaction),
      ),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const detail = await call(scene.testApp.app, 'GET', `/wallet/transactions/${transaction.safeTxHash}`, {
      cookie: scene.viewer.cookie,
      headers: { 'x-organization-uid': scene.organization.uid },
    });
    expect(ZSafeTransactionResponse.parse(detail.json()).data).toMatchObject({
      status: 'ready',
      missing: [],
    });
  });
});

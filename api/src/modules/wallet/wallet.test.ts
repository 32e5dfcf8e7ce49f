import {
  QUORUM_INVALID,
  SAFE_RESERVED_ADDRESS_MESSAGE,
  SAFE_SENTINEL_ADDRESS,
  type TWallet,
  WALLET_DEPLOY_IN_FLIGHT_MESSAGE,
  WALLET_DEPLOYED_MESSAGE,
  WALLET_DEVICE_NOT_YOURS_MESSAGE,
  WALLET_DUPLICATE_OWNER_MESSAGE,
  WALLET_LOCKED_MESSAGE,
  WALLET_NO_SIGNERS_MESSAGE,
  WALLET_NOT_A_SIGNER_MESSAGE,
  WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE,
  WALLET_SIGNER_DUPLICATE_MESSAGE,
  WALLET_SIGNER_NOT_FOUND_MESSAGE,
  WALLET_SIGNER_NOT_MEMBER_MESSAGE,
  WALLET_SIGNERS_CHANGED_MESSAGE,
  WALLET_SIGNERS_NOT_READY_MESSAGE,
  ZOverviewResponse,
  ZWalletResponse,
} from '@dash/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { type Address, createPublicClient, createWalletClient, getAddress, http } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { AppDatabase } from '../../db/client';
import {
  auditEvents,
  jobs,
  memberships,
  signingDevices,
  walletDeployments,
  walletSigners,
} from '../../db/schema';
import { createTestApp, type TestApp, testConfig } from '../../test/app';
import { emptyTestDatabase } from '../../test/database';
import { testDevChain } from '../../test/dev-chain';
import { addMember, createOrganization, registerProvedDevice, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { storeWallet } from '../../test/safe';
import { createWalletChainAccess, DeploymentRejectedError, type WalletChainAccess } from './chain';
import {
  canonicalSafeContracts,
  DEV_CHAIN_RELAYER_KEY,
  predictSafeAddress,
  SAFE_ARTIFACTS,
  saltNonceFor,
} from './safe';
import type { WalletTiming } from './service';

const FAST: WalletTiming = { receiptWaitMs: 1_000, receiptPollMs: 50 };

// The chain and the database start once per file (a few seconds), under the hook's longer timeout.
beforeAll(async () => {
  await Promise.all([testDevChain(), emptyTestDatabase()]);
});

async function walletConfig() {
  const chain = await testDevChain();
  return { chain: 'dev' as const, rpcUrl: chain.url, relayerKey: DEV_CHAIN_RELAYER_KEY, devChainPort: 0 };
}

async function rpc(method: string, params: unknown[] = []): Promise<unknown> {
  const chain = await testDevChain();
  const response = await fetch(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

/** Mining as transactions arrive again, with what waited in the pool mined now (anvil). */
async function mineAgain(): Promise<void> {
  await rpc('evm_setAutomine', [true]);
  await rpc('evm_mine');
}

const relayer = privateKeyToAccount(DEV_CHAIN_RELAYER_KEY).address;

/** Transactions of the relayer mined so far: counts what a deploy cost. */
async function relayerTransactions(): Promise<number> {
  return Number(await rpc('eth_getTransactionCount', [relayer, 'latest']));
}

async function readSafe(address: string) {
  const chain = await testDevChain();
  const client = createPublicClient({ transport: http(chain.url) });
  const read = (functionName: 'getOwners' | 'getThreshold') =>
    client.readContract({ address: address as Address, abi: SAFE_ARTIFACTS.safeL2.abi, functionName });
  return { owners: await read('getOwners'), threshold: await read('getThreshold') };
}

interface Scene {
  testApp: TestApp;
  organization: { uid: string };
  admin: { cookie: string; uid: string };
}

async function arrange(options: { walletChain?: WalletChainAccess } = {}): Promise<Scene> {
  const wallet = await walletConfig();
  const testApp = await createTestApp(
    { wallet },
    { walletTiming: FAST, ...(options.walletChain ? { walletChain: options.walletChain } : {}) },
  );
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  return { testApp, organization, admin };
}

const send = (
  scene: Scene,
  cookie: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
) =>
  call(scene.testApp.app, method, path, {
    cookie,
    organization: scene.organization.uid,
    ...(body === undefined ? {} : { body }),
  });

async function getWallet(scene: Scene, cookie = scene.admin.cookie): Promise<TWallet> {
  const response = await send(scene, cookie, 'GET', '/wallet');
  expect(response.statusCode, response.body).toBe(200);
  return ZWalletResponse.parse(response.json()).data;
}

/** The keys behind the addresses this file makes: a device is registered with its key's proof. */
const keys = new Map<string, PrivateKeyAccount>();
/** A fresh owner address (a new key's, never reused in this file). */
function freshAddress(): string {
  const key = privateKeyToAccount(generatePrivateKey());
  keys.set(key.address, key);
  return key.address;
}

/** The user's device for `ethAddress` (a fresh one by default), proved with its key. */
async function createDevice(scene: Scene, cookie: string, ethAddress = freshAddress()) {
  const key = keys.get(getAddress(ethAddress));
  if (!key) throw new Error(`No key for ${ethAddress}`);
  return (await registerProvedDevice(scene.testApp.app, cookie, { key })).device;
}

/** A member proposed as signer who set a signing device (Ready). */
async function readySigner(scene: Scene, user: { cookie: string; uid: string }, ethAddress?: string) {
  const proposed = await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', {
    userUid: user.uid,
  });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const device = await createDevice(scene, user.cookie, ethAddress);
  const set = await send(scene, user.cookie, 'POST', '/wallet/signer/signing-device', {
    signingDeviceUid: device.uid,
  });
  expect(set.statusCode, set.body).toBe(200);
  return device;
}

/** Points a signer at a device as it is stored, past the API's rules: data made before a rule was. */
async function forceSignerDevice(scene: Scene, userUid: string, device: { uid: string }) {
  await scene.testApp.db
    .update(walletSigners)
    .set({ signingDeviceUid: device.uid })
    .where(
      and(eq(walletSigners.organizationUid, scene.organization.uid), eq(walletSigners.userUid, userUid)),
    );
}

/** Runs due jobs until the wallet leaves deploying (the deploy job reschedules itself while a receipt is pending). */
async function runUntilSettled(scene: Scene, timeoutMs = 20_000): Promise<TWallet> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await scene.testApp.app.jobs.drain();
    const wallet = await getWallet(scene);
    if (wallet.status !== 'deploying') return wallet;
    if (Date.now() > deadline) throw new Error('The wallet is still deploying');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the wallet', () => {
  it('starts undeployed on the dev chain, with no signer and no address', async () => {
    const scene = await arrange();
    expect(await getWallet(scene)).toEqual({
      status: 'undeployed',
      chain: { id: 421614, name: 'Arbitrum Sepolia (local)', key: 'dev', isDevChain: true },
      signers: [],
    });
  });

  it('lets an Admin propose members as signers (Pending), in order, and refuses a non-member (400) or the same user twice (409)', async () => {
    const scene = await arrange();
    const grace = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    const propose = (userUid: string) =>
      send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', { userUid });

    expect((await propose(scene.admin.uid)).statusCode).toBe(201);
    const second = await propose(grace.uid);
    expect(second.statusCode).toBe(201);
    const wallet = ZWalletResponse.parse(second.json()).data;
    expect(wallet.signers.map((signer) => [signer.uid, signer.status])).toEqual([
      [scene.admin.uid, 'Pending'],
      [grace.uid, 'Pending'],
    ]);
    expect(wallet.signers[1]).toMatchObject({ email: grace.email });
    expect(wallet.signers[1]?.ethAddress).toBeUndefined();

    const outsider = await signInUser(scene.testApp.app);
    const notMember = await propose(outsider.uid);
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().error).toEqual({
      requestId: notMember.headers['x-request-id'],
      code: 'VALIDATION',
      message: WALLET_SIGNER_NOT_MEMBER_MESSAGE,
      messageCode: 'messages.notAUser',
      fields: { userUid: WALLET_SIGNER_NOT_MEMBER_MESSAGE },
      fieldCodes: { userUid: { code: 'messages.notAUser' } },
    });
    expect(errorOf(await propose('00000000-0000-4000-8000-000000000000'))).toMatchObject({ status: 400 });
    expect(errorOf(await propose('not-a-uid'))).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(
      errorOf(await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', {})),
    ).toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });

    const twice = await propose(grace.uid);
    expect(errorOf(twice)).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: WALLET_SIGNER_DUPLICATE_MESSAGE,
    });
    expect((await getWallet(scene)).signers).toHaveLength(2);
  });

  it('lets each signer set only one of their own signing devices, which makes them Ready', async () => {
    const scene = await arrange();
    const grace = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    const bystander = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', { userUid: grace.uid });
    const gracesDevice = await createDevice(scene, grace.cookie);
    const adminsDevice = await createDevice(scene, scene.admin.cookie);
    const setDevice = (cookie: string, signingDeviceUid: string) =>
      send(scene, cookie, 'POST', '/wallet/signer/signing-device', { signingDeviceUid });

    const notYours = await setDevice(grace.cookie, adminsDevice.uid);
    expect(notYours.statusCode).toBe(400);
    expect(notYours.json().error).toEqual({
      requestId: notYours.headers['x-request-id'],
      code: 'VALIDATION',
      message: WALLET_DEVICE_NOT_YOURS_MESSAGE,
      messageCode: 'messages.chooseOwnSigningDevice',
      fields: { signingDeviceUid: WALLET_DEVICE_NOT_YOURS_MESSAGE },
      fieldCodes: { signingDeviceUid: { code: 'messages.chooseOwnSigningDevice' } },
    });
    expect(errorOf(await setDevice(grace.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(400);
    expect(errorOf(await setDevice(grace.cookie, ''))).toMatchObject({ status: 400, code: 'VALIDATION' });

    const bystandersDevice = await createDevice(scene, bystander.cookie);
    expect(errorOf(await setDevice(bystander.cookie, bystandersDevice.uid))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: WALLET_NOT_A_SIGNER_MESSAGE,
    });

    const ready = await setDevice(grace.cookie, gracesDevice.uid);
    expect(ready.statusCode).toBe(200);
    expect(ZWalletResponse.parse(ready.json()).data.signers).toEqual([
      {
        uid: grace.uid,
        firstName: expect.any(String),
        lastName: expect.any(String),
        email: grace.email,
        ethAddress: gracesDevice.ethAddress,
        signingDeviceUid: gracesDevice.uid,
        status: 'Ready',
      },
    ]);
  });

  it('predicts the address of each quorum once every signer is Ready', async () => {
    const scene = await arrange();
    const grace = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    await readySigner(scene, scene.admin);
    await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', { userUid: grace.uid });
    expect((await getWallet(scene)).predictedAddresses).toBeUndefined();

    const device = await createDevice(scene, grace.cookie);
    await send(scene, grace.cookie, 'POST', '/wallet/signer/signing-device', {
      signingDeviceUid: device.uid,
    });
    const wallet = await getWallet(scene);
    expect(wallet.predictedAddresses?.map((prediction) => prediction.threshold)).toEqual([1, 2]);
    const [one, two] = wallet.predictedAddresses ?? [];
    expect(one?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(one?.address).not.toBe(two?.address);
    expect(wallet.address).toBeUndefined();
  });

  it('lets an Admin remove a proposed signer before deployment', async () => {
    const scene = await arrange();
    const grace = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', { userUid: grace.uid });

    const removed = await send(scene, scene.admin.cookie, 'DELETE', `/wallet/signer/${grace.uid}`);
    expect(removed.statusCode).toBe(204);
    expect((await getWallet(scene)).signers).toEqual([]);
    expect(errorOf(await send(scene, scene.admin.cookie, 'DELETE', `/wallet/signer/${grace.uid}`))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: WALLET_SIGNER_NOT_FOUND_MESSAGE,
    });
    expect(errorOf(await send(scene, scene.admin.cookie, 'DELETE', '/wallet/signer/nope')).status).toBe(400);
  });

  it('drops a signer who leaves the organization', async () => {
    const scene = await arrange();
    const grace = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', { userUid: grace.uid });
    await scene.testApp.db.delete(memberships).where(eq(memberships.userUid, grace.uid));
    expect((await getWallet(scene)).signers).toEqual([]);
  });

  it('deploys only with at least one signer, every signer Ready, distinct addresses and a quorum from 1 to n', async () => {
    const scene = await arrange();
    const deploy = (threshold: unknown) =>
      send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold });

    expect(errorOf(await deploy(1))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: WALLET_NO_SIGNERS_MESSAGE,
    });

    const grace = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    const adminDevice = await readySigner(scene, scene.admin);
    await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', { userUid: grace.uid });
    expect(errorOf(await deploy(1))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: WALLET_SIGNERS_NOT_READY_MESSAGE,
    });

    // Grace uses the very address the Admin uses (set before that was refused when the device is
    // chosen): a Safe cannot have one owner twice.
    await forceSignerDevice(
      scene,
      grace.uid,
      await createDevice(scene, grace.cookie, adminDevice.ethAddress),
    );
    // A rule of the form's signers, on `owners`: the form shows the message as it is.
    const duplicate = await deploy(1);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error).toEqual({
      requestId: duplicate.headers['x-request-id'],
      code: 'VALIDATION',
      message: WALLET_DUPLICATE_OWNER_MESSAGE,
      messageCode: 'messages.signingDeviceShared',
      fields: { owners: WALLET_DUPLICATE_OWNER_MESSAGE },
      fieldCodes: { owners: { code: 'messages.signingDeviceShared' } },
    });
    const own = await createDevice(scene, grace.cookie);
    await send(scene, grace.cookie, 'POST', '/wallet/signer/signing-device', { signingDeviceUid: own.uid });

    for (const threshold of [0, -1, 1.5, '2', null, 3]) {
      const refused = await deploy(threshold);
      expect(refused.statusCode, `threshold ${threshold}`).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION',
        fields: { threshold: QUORUM_INVALID },
      });
    }
    expect(errorOf(await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', {})).status).toBe(400);
    expect((await getWallet(scene)).status).toBe('undeployed');
    expect(await scene.testApp.db.select().from(jobs)).toEqual([]);
  });

  it('deploys the Safe at the predicted address with the owners and quorum chosen, then nothing changes', async () => {
    const scene = await arrange();
    const grace = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    const adminDevice = await readySigner(scene, scene.admin);
    const graceDevice = await readySigner(scene, grace);
    const predicted = (await getWallet(scene)).predictedAddresses?.find((p) => p.threshold === 2)?.address;
    const sentBefore = await relayerTransactions();

    const started = Date.now();
    const requested = await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 2 });
    expect(requested.statusCode, requested.body).toBe(202);
    const deploying = ZWalletResponse.parse(requested.json()).data;
    expect(deploying).toMatchObject({ status: 'deploying', address: predicted, threshold: 2 });
    expect(deploying.deployment?.requestedAt).toEqual(expect.any(String));
    expect(deploying.predictedAddresses).toBeUndefined();

    const deployed = await runUntilSettled(scene);
    console.info(
      `wallet deploy on the dev chain: POST wallet/deploy to deployed in ${Date.now() - started} ms`,
    );
    expect(deployed).toMatchObject({ status: 'deployed', address: predicted, threshold: 2 });
    expect(deployed.deployment?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(deployed.deployment?.explorerUrl).toBeUndefined();
    expect(deployed.viewerUrl).toBeUndefined();
    expect(await readSafe(predicted as string)).toEqual({
      owners: [adminDevice.ethAddress, graceDevice.ethAddress],
      threshold: 2n,
    });
    expect(await relayerTransactions()).toBe(sentBefore + 1);

    // Everyone sees it; nothing about it changes any more.
    const viewer = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    expect((await getWallet(scene, viewer.cookie)).address).toBe(predicted);
    const conflict = { status: 409, code: 'CONFLICT', message: WALLET_DEPLOYED_MESSAGE };
    expect(
      errorOf(
        await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', { userUid: viewer.uid }),
      ),
    ).toEqual(conflict);
    expect(errorOf(await send(scene, scene.admin.cookie, 'DELETE', `/wallet/signer/${grace.uid}`))).toEqual(
      conflict,
    );
    const another = await createDevice(scene, grace.cookie);
    expect(
      errorOf(
        await send(scene, grace.cookie, 'POST', '/wallet/signer/signing-device', {
          signingDeviceUid: another.uid,
        }),
      ),
    ).toEqual(conflict);
    expect(
      errorOf(await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 })),
    ).toEqual(conflict);
    expect(errorOf(await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy/retry'))).toEqual(conflict);
  });

  it('sends one transaction however many deploy calls arrive at once (409 while one is in flight)', async () => {
    const scene = await arrange();
    await readySigner(scene, scene.admin);
    const sentBefore = await relayerTransactions();

    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused && errorOf(refused).message).toBe(WALLET_DEPLOY_IN_FLIGHT_MESSAGE);
    expect(await scene.testApp.db.select().from(jobs)).toHaveLength(1);
    expect((await runUntilSettled(scene)).status).toBe('deployed');
    expect(await relayerTransactions()).toBe(sentBefore + 1);
    // One request recorded, one outcome recorded by the job (not by the request that woke it).
    const audit = await scene.testApp.db.select().from(auditEvents).orderBy(auditEvents.id);
    const deployRows = audit.filter((row) => row.action.startsWith('wallet.deploy'));
    expect(deployRows.map((row) => row.action)).toEqual(['wallet.deploy_requested', 'wallet.deployed']);
    expect(deployRows[1]).toMatchObject({ actor: 'system', fromState: 'deploying', toState: 'deployed' });
    expect(deployRows[1]?.requestId).toMatch(/^job:wallet\.deploy:\d+$/);
  });

  it('deploys wallets of different organizations at once from the one relayer, each with its own nonce', async () => {
    const first = await arrange();
    const organizations = [first.organization];
    for (let index = 0; index < 2; index += 1) {
      organizations.push(await createOrganization(first.testApp, first.admin.cookie));
    }
    const device = await createDevice(first, first.admin.cookie);
    for (const organization of organizations) {
      const scene = { ...first, organization };
      await send(scene, first.admin.cookie, 'POST', '/wallet/signer/propose', { userUid: first.admin.uid });
      await send(scene, first.admin.cookie, 'POST', '/wallet/signer/signing-device', {
        signingDeviceUid: device.uid,
      });
    }
    const sentBefore = await relayerTransactions();

    for (const organization of organizations) {
      const scene = { ...first, organization };
      expect(
        (await send(scene, first.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 })).statusCode,
      ).toBe(202);
    }
    // The runner takes up to four jobs at once: all three sign and send concurrently.
    for (const organization of organizations) {
      expect((await runUntilSettled({ ...first, organization })).status).toBe('deployed');
    }
    const rows = await first.testApp.db.select({ nonce: walletDeployments.txNonce }).from(walletDeployments);
    expect(new Set(rows.map((row) => row.nonce)).size).toBe(3);
    expect(await relayerTransactions()).toBe(sentBefore + 3);
  });
});

describe('a signer’s signing device', () => {
  const setDevice = (scene: Scene, cookie: string, signingDeviceUid: string) =>
    send(scene, cookie, 'POST', '/wallet/signer/signing-device', { signingDeviceUid });
  const signingDeviceAudits = async (scene: Scene) =>
    (await scene.testApp.db.select().from(auditEvents).orderBy(auditEvents.id)).filter(
      (row) => row.organizationUid === scene.organization.uid && row.action === 'wallet.signing_device_set',
    );
  const addressTaken = {
    code: 'CONFLICT',
    message: WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE,
    messageCode: 'messages.walletSignerAddressTaken',
    fields: { signingDeviceUid: WALLET_SIGNER_ADDRESS_TAKEN_MESSAGE },
    fieldCodes: { signingDeviceUid: { code: 'messages.walletSignerAddressTaken' } },
    requestId: expect.any(String),
  };

  it('is refused (409, on signingDeviceUid) when another signer already uses its address, in any letter case, and nothing changes', async () => {
    const scene = await arrange();
    const viewer = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    const adminDevice = await readySigner(scene, scene.admin);
    const viewersOwn = await readySigner(scene, viewer);
    const before = await getWallet(scene);
    const auditsBefore = await signingDeviceAudits(scene);

    const copy = await createDevice(scene, viewer.cookie, adminDevice.ethAddress);
    const refused = await setDevice(scene, viewer.cookie, copy.uid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual(addressTaken);
    // An address stored in another spelling (before addresses were checksummed) is the same owner.
    await scene.testApp.db
      .update(signingDevices)
      .set({ ethAddress: adminDevice.ethAddress.toLowerCase() })
      .where(eq(signingDevices.uid, adminDevice.uid));
    expect((await setDevice(scene, viewer.cookie, copy.uid)).json().error).toEqual(addressTaken);
    // The viewer keeps the device they had; the wallet stays deployable; nothing was recorded.
    const after = await getWallet(scene);
    expect(after.signers[1]).toEqual(before.signers[1]);
    expect(before.signers[1]).toMatchObject({ signingDeviceUid: viewersOwn.uid, status: 'Ready' });
    expect(before.predictedAddresses).toHaveLength(2);
    expect(after.predictedAddresses).toEqual(before.predictedAddresses);
    expect(await signingDeviceAudits(scene)).toEqual(auditsBefore);
  });

  it('is refused to a signer who is still Pending, who stays Pending', async () => {
    const scene = await arrange();
    const editor = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    const adminDevice = await readySigner(scene, scene.admin);
    await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', { userUid: editor.uid });
    const copy = await createDevice(scene, editor.cookie, adminDevice.ethAddress);

    expect((await setDevice(scene, editor.cookie, copy.uid)).json().error).toEqual(addressTaken);
    const editorRow = (await getWallet(scene)).signers.find((signer) => signer.uid === editor.uid);
    expect(editorRow?.status).toBe('Pending');
    expect(editorRow?.ethAddress).toBeUndefined();
  });

  it('lets a non-signer hear that they are not a signer, not whose address it is', async () => {
    const scene = await arrange();
    const bystander = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    const adminDevice = await readySigner(scene, scene.admin);
    const copy = await createDevice(scene, bystander.cookie, adminDevice.ethAddress);
    expect(errorOf(await setDevice(scene, bystander.cookie, copy.uid))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: WALLET_NOT_A_SIGNER_MESSAGE,
    });
  });

  it('can be replaced by the signer (a Viewer too) before deployment, and the replacement is recorded', async () => {
    const scene = await arrange();
    const viewer = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    await readySigner(scene, scene.admin);
    const first = await readySigner(scene, viewer);
    const second = await createDevice(scene, viewer.cookie);

    const replaced = await setDevice(scene, viewer.cookie, second.uid);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(ZWalletResponse.parse(replaced.json()).data.signers[1]).toMatchObject({
      uid: viewer.uid,
      signingDeviceUid: second.uid,
      ethAddress: second.ethAddress,
      status: 'Ready',
    });
    // Setting again the device one already has is no clash with oneself.
    expect((await setDevice(scene, viewer.cookie, second.uid)).statusCode).toBe(200);

    const audits = (await signingDeviceAudits(scene)).filter((row) => row.actorUserUid === viewer.uid);
    expect(audits.map((row) => row.data)).toEqual([
      { signingDeviceUid: first.uid },
      { signingDeviceUid: second.uid, replacedSigningDeviceUid: first.uid },
      { signingDeviceUid: second.uid },
    ]);
  });

  it('fixes a clash made before the rule: the signer who set another signing device unblocks the deploy', async () => {
    const scene = await arrange();
    const viewer = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    const adminDevice = await readySigner(scene, scene.admin);
    await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', { userUid: viewer.uid });
    const copy = await createDevice(scene, viewer.cookie, adminDevice.ethAddress);
    await forceSignerDevice(scene, viewer.uid, copy);
    expect((await getWallet(scene)).predictedAddresses).toBeUndefined();

    // The clashing device itself cannot be chosen again, by either of them while the other holds it.
    expect((await setDevice(scene, viewer.cookie, copy.uid)).json().error).toEqual(addressTaken);
    expect((await setDevice(scene, scene.admin.cookie, adminDevice.uid)).json().error).toEqual(addressTaken);

    const own = await createDevice(scene, viewer.cookie);
    expect((await setDevice(scene, viewer.cookie, own.uid)).statusCode).toBe(200);
    const fixed = await getWallet(scene);
    expect(fixed.signers.map((signer) => signer.ethAddress)).toEqual([
      adminDevice.ethAddress,
      own.ethAddress,
    ]);
    expect(fixed.predictedAddresses).toHaveLength(2);
    const requested = await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', {
      threshold: 2,
      owners: [adminDevice.ethAddress, own.ethAddress],
    });
    expect(requested.statusCode, requested.body).toBe(202);
  });

  it('lets only one of two signers choosing the same address at once have it', async () => {
    const scene = await arrange();
    const editor = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    const viewer = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    for (const user of [editor, viewer]) {
      await send(scene, scene.admin.cookie, 'POST', '/wallet/signer/propose', { userUid: user.uid });
    }
    const address = freshAddress();
    const editorsDevice = await createDevice(scene, editor.cookie, address);
    const viewersDevice = await createDevice(scene, viewer.cookie, address.toLowerCase());

    const answers = await Promise.all([
      setDevice(scene, editor.cookie, editorsDevice.uid),
      setDevice(scene, viewer.cookie, viewersDevice.uid),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const signers = (await getWallet(scene)).signers;
    expect(signers.filter((signer) => signer.status === 'Ready')).toHaveLength(1);
    expect(signers.filter((signer) => signer.status === 'Pending')).toHaveLength(1);
  });

  it('can no longer be replaced once deployment is requested (409, with why), and stays as it was', async () => {
    const scene = await arrange();
    const viewer = await addMember(scene.testApp, scene.organization.uid, 'Viewer');
    const viewersDevice = await readySigner(scene, viewer);
    const another = await createDevice(scene, viewer.cookie);
    const requested = await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 });
    expect(requested.statusCode, requested.body).toBe(202);

    expect(errorOf(await setDevice(scene, viewer.cookie, another.uid))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: WALLET_LOCKED_MESSAGE,
    });
    const deployed = await runUntilSettled(scene);
    expect(deployed.status).toBe('deployed');
    expect(errorOf(await setDevice(scene, viewer.cookie, another.uid))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: WALLET_DEPLOYED_MESSAGE,
    });
    expect((await getWallet(scene)).signers).toEqual([
      expect.objectContaining({ uid: viewer.uid, ethAddress: viewersDevice.ethAddress, status: 'Ready' }),
    ]);
    const [row] = await scene.testApp.db
      .select({ signingDeviceUid: walletSigners.signingDeviceUid })
      .from(walletSigners)
      .where(eq(walletSigners.organizationUid, scene.organization.uid));
    expect(row?.signingDeviceUid).toBe(viewersDevice.uid);
  });
});

describe('what the Admin confirmed', () => {
  it('deploys only the owners the Admin saw: signers changed since answer 409 on owners, nothing deployed', async () => {
    const scene = await arrange();
    const grace = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    const adminDevice = await readySigner(scene, scene.admin);
    const seen = (await getWallet(scene)).signers.map((signer) => signer.ethAddress);
    // Meanwhile another Admin adds Grace, who sets her device: the page the Admin looks at is stale.
    const graceDevice = await readySigner(scene, grace);
    const deploy = (owners: unknown) =>
      send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1, owners });

    const stale = await deploy(seen);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual({
      requestId: stale.headers['x-request-id'],
      code: 'CONFLICT',
      message: WALLET_SIGNERS_CHANGED_MESSAGE,
      messageCode: 'messages.walletSignersChanged',
      fields: { owners: WALLET_SIGNERS_CHANGED_MESSAGE },
      fieldCodes: { owners: { code: 'messages.walletSignersChanged' } },
    });
    // The same addresses in another order are another Safe: refused too.
    expect(errorOf(await deploy([graceDevice.ethAddress, adminDevice.ethAddress])).status).toBe(409);
    expect((await getWallet(scene)).status).toBe('undeployed');
    expect(await scene.testApp.db.select().from(jobs)).toEqual([]);

    const current = [adminDevice.ethAddress, graceDevice.ethAddress.toLowerCase()];
    const requested = await deploy(current);
    expect(requested.statusCode, requested.body).toBe(202);
    expect(ZWalletResponse.parse(requested.json()).data).toMatchObject({ status: 'deploying', threshold: 1 });
  });

  it('refuses Safe’s sentinel as a signing device address, and names it when a stored one reaches deploy', async () => {
    const scene = await arrange();
    const registered = await call(scene.testApp.app, 'POST', '/profile/signing-devices', {
      cookie: scene.admin.cookie,
      body: { name: 'Ledger', ethAddress: SAFE_SENTINEL_ADDRESS },
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { ethAddress: SAFE_RESERVED_ADDRESS_MESSAGE },
    });

    // One registered before the rule: deploy refuses it on owners, with the same words.
    const device = await readySigner(scene, scene.admin);
    await scene.testApp.db
      .update(signingDevices)
      .set({ ethAddress: SAFE_SENTINEL_ADDRESS })
      .where(eq(signingDevices.uid, device.uid));
    const refused = await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({
      requestId: refused.headers['x-request-id'],
      code: 'VALIDATION',
      message: SAFE_RESERVED_ADDRESS_MESSAGE,
      messageCode: 'messages.safeReservedAddress',
      fields: { owners: SAFE_RESERVED_ADDRESS_MESSAGE },
      fieldCodes: { owners: { code: 'messages.safeReservedAddress' } },
    });
  });
});

describe('an owner who leaves the organization', () => {
  async function overviewWallet(scene: Scene) {
    const response = await send(
      scene,
      scene.admin.cookie,
      'GET',
      `/organizations/${scene.organization.uid}/overview`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return ZOverviewResponse.parse(response.json()).data.wallet;
  }

  it('stays among the deployed wallet’s signers, marked as no longer a member, and the quorum stays 2 of 3', async () => {
    const scene = await arrange();
    const editor = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    const otherAdmin = await addMember(scene.testApp, scene.organization.uid, 'Admin');
    const devices = [
      await readySigner(scene, scene.admin),
      await readySigner(scene, editor),
      await readySigner(scene, otherAdmin),
    ];
    const owners = devices.map((device) => device.ethAddress);
    expect(
      (await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 2, owners })).statusCode,
    ).toBe(202);
    const deployed = await runUntilSettled(scene);
    expect(deployed.status).toBe('deployed');

    const removed = await send(scene, scene.admin.cookie, 'DELETE', `/organization/users/${editor.uid}`);
    expect(removed.statusCode, removed.body).toBe(204);

    expect((await readSafe(deployed.address as string)).owners).toEqual(owners);
    const wallet = await getWallet(scene);
    expect(wallet.threshold).toBe(2);
    expect(wallet.signers.map((signer) => [signer.uid, signer.ethAddress, signer.formerMember])).toEqual([
      [scene.admin.uid, owners[0], undefined],
      [editor.uid, owners[1], true],
      [otherAdmin.uid, owners[2], undefined],
    ]);
    expect(wallet.signers[1]).toMatchObject({ email: editor.email, status: 'Ready' });
    expect(await overviewWallet(scene)).toMatchObject({ threshold: 2, signers: 3, readySigners: 3 });

    // The removal's audit record says the key still signs for the wallet.
    const [audit] = await scene.testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'member.removed'));
    expect(audit?.data).toEqual({ email: editor.email, remainsWalletOwner: owners[1] });
  });

  it('stays among a failed wallet’s signers, and Retry deploys the saved owners', async () => {
    const real = createWalletChainAccess(await walletConfig());
    let refusals = 1;
    const refusingOnce: WalletChainAccess = {
      ...real,
      async estimateDeployment(config) {
        if (refusals-- > 0) throw new DeploymentRejectedError('The chain refused the deployment: GS000');
        return real.estimateDeployment(config);
      },
    };
    const scene = await arrange({ walletChain: refusingOnce });
    const editor = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    const owners = [
      (await readySigner(scene, scene.admin)).ethAddress,
      (await readySigner(scene, editor)).ethAddress,
    ];
    await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 2 });
    expect((await runUntilSettled(scene)).status).toBe('failed');

    // The editor leaves on their own.
    expect((await send(scene, editor.cookie, 'POST', '/organization/leave')).statusCode).toBe(204);
    const failed = await getWallet(scene);
    expect(failed.signers.map((signer) => [signer.uid, signer.formerMember])).toEqual([
      [scene.admin.uid, undefined],
      [editor.uid, true],
    ]);
    const [left] = await scene.testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'member.left'));
    expect(left?.data).toMatchObject({ remainsWalletOwner: owners[1] });

    expect((await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy/retry')).statusCode).toBe(202);
    const deployed = await runUntilSettled(scene);
    expect(deployed.status).toBe('deployed');
    expect(await readSafe(deployed.address as string)).toEqual({ owners, threshold: 2n });
    expect(deployed.signers.map((signer) => signer.ethAddress)).toEqual(owners);
  });

  it('is named from the signing device they set when the deploy request did not record who owners are', async () => {
    const scene = await arrange();
    const editor = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    const owners = [
      (await readySigner(scene, scene.admin)).ethAddress,
      (await readySigner(scene, editor)).ethAddress,
    ];
    // A wallet requested before deploy requests recorded their owners' users.
    await storeWallet(scene.testApp.db, {
      organizationUid: scene.organization.uid,
      status: 'failed',
      chainId: 421614,
      address: freshAddress(),
      owners,
      threshold: 1,
      saltNonce: '1',
      proxyFactory: freshAddress(),
      singleton: freshAddress(),
      fallbackHandler: freshAddress(),
      deployAttempt: 1,
      error: 'The deployment transaction 0xabc reverted.',
    });
    await send(scene, scene.admin.cookie, 'DELETE', `/organization/users/${editor.uid}`);

    const wallet = await getWallet(scene);
    expect(wallet.signers.map((signer) => [signer.uid, signer.ethAddress, signer.formerMember])).toEqual([
      [scene.admin.uid, owners[0], undefined],
      [editor.uid, owners[1], true],
    ]);
    expect(await overviewWallet(scene)).toMatchObject({ signers: 2, readySigners: 2 });
  });
});

describe('the deploy job', () => {
  it('never fails a pending transaction, and a new API process resumes it without a second transaction', async () => {
    const wallet = await walletConfig();
    const database: AppDatabase = await emptyTestDatabase();
    const config = testConfig({ wallet });
    const first = await buildApp({ config, db: database.db, walletTiming: FAST });
    await first.ready();
    const admin = await signInUser(first);
    const testApp = { app: first, db: database.db, config };
    const organization = await createOrganization(testApp, admin.cookie);
    const scene: Scene = { testApp, organization, admin };
    await readySigner(scene, admin);
    const sentBefore = await relayerTransactions();

    await rpc('evm_setAutomine', [false]);
    try {
      const requested = await send(scene, admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 });
      expect(requested.statusCode).toBe(202);
      const address = ZWalletResponse.parse(requested.json()).data.address;
      // The job sends, then waits: the transaction stays pending whatever the time, never failed.
      for (let round = 0; round < 3; round += 1) {
        await first.jobs.drain();
        await new Promise((resolve) => setTimeout(resolve, FAST.receiptPollMs));
      }
      const pending = await getWallet(scene);
      expect(pending.status).toBe('deploying');
      const txHash = pending.deployment?.txHash;
      expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await rpc('eth_getTransactionByHash', [txHash])).toMatchObject({
        hash: txHash,
        blockHash: null,
      });
      expect(await relayerTransactions()).toBe(sentBefore);

      // The API process goes away with the transaction in flight; a new one takes over.
      await first.close();
      const second = await buildApp({ config, db: database.db, walletTiming: FAST });
      await second.ready();
      try {
        await mineAgain();
        const resumed = await runUntilSettled({ ...scene, testApp: { ...testApp, app: second } });
        expect(resumed).toMatchObject({ status: 'deployed', address, deployment: { txHash } });
        expect(await relayerTransactions()).toBe(sentBefore + 1);
      } finally {
        await second.close();
      }
    } finally {
      await mineAgain();
    }
  });

  it('sends the recorded bytes again when the process stopped between recording and broadcasting', async () => {
    const real = createWalletChainAccess(await walletConfig());
    let broadcasts = 0;
    const crashing: WalletChainAccess = {
      ...real,
      async broadcast() {
        broadcasts += 1;
        throw new Error('the process stopped before broadcasting');
      },
    };
    const scene = await arrange({ walletChain: crashing });
    await readySigner(scene, scene.admin);
    const sentBefore = await relayerTransactions();

    await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 });
    await scene.testApp.app.jobs.drain();
    expect(broadcasts).toBe(1);
    const recorded = await getWallet(scene);
    expect(recorded.status).toBe('deploying');
    expect(await relayerTransactions()).toBe(sentBefore);

    // A new process with a working chain: the job (retried after its backoff) finds the hash, sends the same bytes.
    const app = await buildApp({
      config: scene.testApp.config,
      db: scene.testApp.db,
      walletChain: real,
      walletTiming: FAST,
    });
    await app.ready();
    try {
      await scene.testApp.db.update(jobs).set({ runAt: new Date() });
      const deployed = await runUntilSettled({ ...scene, testApp: { ...scene.testApp, app } });
      expect(deployed).toMatchObject({
        status: 'deployed',
        deployment: { txHash: recorded.deployment?.txHash },
      });
      expect(await relayerTransactions()).toBe(sentBefore + 1);
    } finally {
      await app.close();
    }
  });

  it('fails a recorded transaction whose nonce another transaction took, and Retry sends a new one', async () => {
    const real = createWalletChainAccess(await walletConfig());
    const crashing: WalletChainAccess = {
      ...real,
      async broadcast() {
        throw new Error('the process stopped before broadcasting');
      },
    };
    const scene = await arrange({ walletChain: crashing });
    await readySigner(scene, scene.admin);
    await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 });
    await scene.testApp.app.jobs.drain();
    const [recorded] = await scene.testApp.db.select().from(walletDeployments);
    expect(recorded?.txNonce).toEqual(expect.any(Number));

    // Meanwhile the relayer key sends something else with that very nonce (e.g. an operator by hand).
    const chain = await testDevChain();
    const other = createWalletClient({
      transport: http(chain.url),
      account: privateKeyToAccount(DEV_CHAIN_RELAYER_KEY),
      chain: {
        id: 421614,
        name: 'dev',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.url] } },
      },
    });
    await other.sendTransaction({ to: relayer, value: 0n, nonce: recorded?.txNonce as number });

    const app = await buildApp({
      config: scene.testApp.config,
      db: scene.testApp.db,
      walletChain: real,
      walletTiming: FAST,
    });
    await app.ready();
    try {
      const resumed = { ...scene, testApp: { ...scene.testApp, app } };
      await scene.testApp.db.update(jobs).set({ runAt: new Date() });
      const failed = await runUntilSettled(resumed);
      expect(failed.status).toBe('failed');
      expect(failed.deployment?.error).toContain('was replaced');

      expect((await send(resumed, scene.admin.cookie, 'POST', '/wallet/deploy/retry')).statusCode).toBe(202);
      const deployed = await runUntilSettled(resumed);
      expect(deployed).toMatchObject({ status: 'deployed', address: failed.address });
      expect(deployed.deployment?.txHash).not.toBe(recorded?.txHash);
    } finally {
      await app.close();
    }
  });

  it('retries an unreachable chain with backoff, then marks the wallet failed with the reason (nothing was sent)', async () => {
    const real = createWalletChainAccess(await walletConfig());
    let reachable = false;
    const flaky: WalletChainAccess = {
      ...real,
      async hasCode(address) {
        if (!reachable) throw new Error('connect ECONNREFUSED 127.0.0.1:3020');
        return real.hasCode(address);
      },
    };
    const scene = await arrange({ walletChain: flaky });
    await readySigner(scene, scene.admin);
    await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 });

    await scene.testApp.app.jobs.drain();
    const [job] = await scene.testApp.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'queued', failures: 1 });
    expect((await getWallet(scene)).status).toBe('deploying');

    // The last of its attempts (8) fails too: given up, the wallet says why and offers Retry.
    await scene.testApp.db.update(jobs).set({ failures: 7, runAt: new Date() });
    await scene.testApp.app.jobs.drain();
    const failed = await getWallet(scene);
    expect(failed.status).toBe('failed');
    expect(failed.deployment?.error).toBe(
      'The deployment could not be sent: connect ECONNREFUSED 127.0.0.1:3020',
    );
    expect(failed.deployment?.txHash).toBeUndefined();
    expect(failed.deployment?.errorCode).toBe('not_sent');

    reachable = true;
    expect((await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy/retry')).statusCode).toBe(202);
    expect(await runUntilSettled(scene)).toMatchObject({ status: 'deployed', address: failed.address });
  });

  it('marks a refused deployment failed with the reason, and Retry deploys the same Safe at the same address', async () => {
    const real = createWalletChainAccess(await walletConfig());
    let refusals = 1;
    const refusingOnce: WalletChainAccess = {
      ...real,
      async estimateDeployment(config) {
        if (refusals > 0) {
          refusals -= 1;
          throw new DeploymentRejectedError('The chain refused the deployment: GS000');
        }
        return real.estimateDeployment(config);
      },
    };
    const scene = await arrange({ walletChain: refusingOnce });
    await readySigner(scene, scene.admin);
    const requested = ZWalletResponse.parse(
      (await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 })).json(),
    ).data;

    const failed = await runUntilSettled(scene);
    expect(failed).toMatchObject({
      status: 'failed',
      address: requested.address,
      deployment: { error: 'The chain refused the deployment: GS000', errorCode: 'rejected' },
    });
    expect(
      errorOf(await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 })).status,
    ).toBe(409);

    const retried = await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy/retry');
    expect(retried.statusCode).toBe(202);
    expect(ZWalletResponse.parse(retried.json()).data).toMatchObject({
      status: 'deploying',
      address: requested.address,
    });
    expect(errorOf(await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy/retry'))).toMatchObject({
      status: 409,
      message: WALLET_DEPLOY_IN_FLIGHT_MESSAGE,
    });
    const deployed = await runUntilSettled(scene);
    expect(deployed).toMatchObject({ status: 'deployed', address: requested.address });
    expect(deployed.deployment?.error).toBeUndefined();
  });

  it('finds a Safe that is already at the address and sends nothing', async () => {
    const scene = await arrange();
    await readySigner(scene, scene.admin);
    await send(scene, scene.admin.cookie, 'POST', '/wallet/deploy', { threshold: 1 });
    expect((await runUntilSettled(scene)).status).toBe('deployed');
    const sentBefore = await relayerTransactions();

    // As if the deployed state had been lost after the Safe was created: the job checks the chain first.
    await scene.testApp.db
      .update(walletDeployments)
      .set({ status: 'deploying', txHash: null, rawTx: null, txNonce: null, deployAttempt: 2 });
    await scene.testApp.db.update(jobs).set({ key: null });
    const { enqueueJob } = await import('../../jobs/runner');
    await enqueueJob(scene.testApp.db, {
      kind: 'wallet.deploy',
      payload: { organizationUid: scene.organization.uid, attempt: 2 },
    });
    expect((await runUntilSettled(scene)).status).toBe('deployed');
    expect(await relayerTransactions()).toBe(sentBefore);
  });
});

describe('the wallet on Arbitrum', () => {
  it('is shown on the configured public chain, predicted at the canonical Safe addresses', async () => {
    const testApp = await createTestApp({
      wallet: {
        chain: 'arbitrum-sepolia',
        rpcUrl: 'http://127.0.0.1:9/unreachable',
        relayerKey: `0x${'ab'.repeat(32)}`,
        devChainPort: 0,
      },
    });
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    const scene: Scene = { testApp, organization, admin };
    const device = await readySigner(scene, admin);

    const wallet = await getWallet(scene);
    expect(wallet.chain).toEqual({
      id: 421614,
      name: 'Arbitrum Sepolia',
      key: 'arbitrum-sepolia',
      isDevChain: false,
    });
    const expected = predictSafeAddress({
      chainId: 421614,
      ...canonicalSafeContracts(421614),
      owners: [getAddress(device.ethAddress)],
      threshold: 1,
      saltNonce: saltNonceFor(organization.uid),
    });
    expect(wallet.predictedAddresses).toEqual([{ threshold: 1, address: expected }]);
  });

  it('links a deployed Safe to Safe{Wallet} (arb1:) and its transaction to Arbiscan', async () => {
    const scene = await arrange();
    const address = '0x11B3Ff10303D91Ba30Cda49dFf95FbE02c4cC257';
    const txHash = `0x${'12'.repeat(32)}`;
    await storeWallet(scene.testApp.db, {
      organizationUid: scene.organization.uid,
      status: 'deployed',
      chainId: 42161,
      address,
      owners: [address],
      threshold: 1,
      saltNonce: '1',
      ...canonicalSafeContracts(42161),
      deployAttempt: 1,
      txHash,
      requestedAt: new Date('2026-01-01T00:00:00Z'),
      deployedAt: new Date('2026-01-01T00:00:05Z'),
    });

    expect(await getWallet(scene)).toMatchObject({
      status: 'deployed',
      chain: { id: 42161, name: 'Arbitrum One', key: 'arbitrum-one', isDevChain: false },
      address,
      viewerUrl: `https://app.safe.global/home?safe=arb1:${address}`,
      deployment: {
        txHash,
        explorerUrl: `https://arbiscan.io/tx/${txHash}`,
        requestedAt: '2026-01-01T00:00:00.000Z',
        deployedAt: '2026-01-01T00:00:05.000Z',
      },
    });
  });
});

import { randomUUID } from 'node:crypto';
import {
  type TWallet,
  WALLET_NETWORK_IN_FLIGHT_MESSAGE,
  WALLET_NETWORK_UNAVAILABLE_MESSAGE,
  WALLET_NOT_DEPLOYED_YET_MESSAGE,
  WALLET_ON_NETWORK_MESSAGE,
  ZWalletResponse,
} from '@dash/shared/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { type Address, createPublicClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { auditEvents, jobs, walletDeployments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { emptyTestDatabase } from '../../test/database';
import { testChainsConfig, testDevChain } from '../../test/dev-chain';
import { addMember, createOrganization, registerProvedDevice, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { testWalletConfig } from '../../test/safe';
import { createWalletChains, DeploymentRejectedError, type WalletChainAccess } from './chain';
import { DEV_CHAIN_RELAYER_KEY, SAFE_ARTIFACTS } from './safe';
import type { WalletTiming } from './service';

// The Safe on a second network at the same address: "Deploy on <network>" once it is deployed on its
// first, with the deploy job's discipline on that chain (POST wallet/deployments).

const FAST: WalletTiming = { receiptWaitMs: 1_000, receiptPollMs: 50 };
const AMOY = 80002;
const SEPOLIA = 421614;

beforeAll(async () => {
  await Promise.all([testDevChain(), emptyTestDatabase()]);
});

async function rpcUrl(chainId: number): Promise<string> {
  const found = (await testDevChain()).chains.find((chain) => chain.chainId === chainId);
  if (!found) throw new Error(`no dev chain ${chainId}`);
  return found.url;
}

const relayer = privateKeyToAccount(DEV_CHAIN_RELAYER_KEY).address;

async function client(chainId: number) {
  return createPublicClient({ transport: http(await rpcUrl(chainId)) });
}

/** Transactions of the relayer mined so far on a chain. */
async function relayerTransactions(chainId: number): Promise<number> {
  return (await client(chainId)).getTransactionCount({ address: relayer, blockTag: 'latest' });
}

async function readSafe(chainId: number, address: string) {
  const reader = await client(chainId);
  const read = (functionName: 'getOwners' | 'getThreshold') =>
    reader.readContract({ address: address as Address, abi: SAFE_ARTIFACTS.safeL2.abi, functionName });
  return { owners: await read('getOwners'), threshold: await read('getThreshold') };
}

/** The real access to the local Polygon Amoy, as the app builds it. */
async function realAmoy(): Promise<WalletChainAccess> {
  const access = createWalletChains(await testWalletConfig(), await testChainsConfig()).of(AMOY);
  if (!access) throw new Error('no polygon-amoy access');
  return access;
}

interface Scene {
  testApp: TestApp;
  organization: { uid: string };
  admin: { cookie: string; uid: string };
}

/** An organization whose Admin is its one signer (1 out of 1), on an API with both dev chains. */
async function arrange(options: { walletChain?: WalletChainAccess } = {}): Promise<Scene> {
  const testApp = await createTestApp(
    { wallet: await testWalletConfig(), chains: await testChainsConfig() },
    { walletTiming: FAST, ...(options.walletChain ? { walletChain: options.walletChain } : {}) },
  );
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  const scene = { testApp, organization, admin };
  expect((await send(scene, 'POST', '/wallet/signer/propose', { userUid: admin.uid })).statusCode).toBe(201);
  const key = privateKeyToAccount(generatePrivateKey());
  const { device } = await registerProvedDevice(testApp.app, admin.cookie, { key });
  const set = await send(scene, 'POST', '/wallet/signer/signing-device', { signingDeviceUid: device.uid });
  expect(set.statusCode, set.body).toBe(200);
  return scene;
}

function send(
  scene: Scene,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  cookie = scene.admin.cookie,
) {
  return call(scene.testApp.app, method, path, {
    cookie,
    organization: scene.organization.uid,
    ...(body === undefined ? {} : { body }),
  });
}

function deployOn(scene: Scene, network: string, options: { cookie?: string; key?: string | null } = {}) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return call(scene.testApp.app, 'POST', '/wallet/deployments', {
    cookie: options.cookie ?? scene.admin.cookie,
    body: { network },
    headers: { 'x-organization-uid': scene.organization.uid, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

async function getWallet(scene: Scene): Promise<TWallet> {
  const response = await send(scene, 'GET', '/wallet');
  expect(response.statusCode, response.body).toBe(200);
  return ZWalletResponse.parse(response.json()).data;
}

const networkOf = (wallet: TWallet, network: string) =>
  wallet.networks?.find((candidate) => candidate.network === network);

/** Runs due jobs until no network of the wallet is deploying. */
async function runUntilSettled(scene: Scene, timeoutMs = 20_000): Promise<TWallet> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await scene.testApp.app.jobs.drain();
    const wallet = await getWallet(scene);
    if (wallet.status !== 'deploying' && !wallet.networks?.some((network) => network.status === 'deploying'))
      return wallet;
    if (Date.now() > deadline) throw new Error('The wallet is still deploying');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function deployFirst(scene: Scene): Promise<TWallet> {
  const requested = await send(scene, 'POST', '/wallet/deploy', { threshold: 1 });
  expect(requested.statusCode, requested.body).toBe(202);
  const wallet = await runUntilSettled(scene);
  expect(wallet.status).toBe('deployed');
  return wallet;
}

describe('the Safe on a second network', () => {
  it('deploys on polygon-amoy at the same address, with the same owners and threshold, audited', async () => {
    const scene = await arrange();
    const first = await deployFirst(scene);
    expect(first.networks?.map((network) => [network.network, network.status])).toEqual([
      ['arbitrum-sepolia', 'deployed'],
    ]);
    expect(first.deployableNetworks?.map((network) => [network.network, network.chain.id])).toEqual([
      ['polygon-amoy', AMOY],
    ]);
    const sentOnAmoy = await relayerTransactions(AMOY);

    const requested = await deployOn(scene, 'polygon-amoy');
    expect(requested.statusCode, requested.body).toBe(202);
    const answered = ZWalletResponse.parse(requested.json()).data;
    expect(networkOf(answered, 'polygon-amoy')).toMatchObject({
      status: 'deploying',
      address: first.address,
    });
    expect(answered.deployableNetworks).toEqual([]);

    const wallet = await runUntilSettled(scene);
    expect(wallet.networks?.map((network) => [network.network, network.status, network.address])).toEqual([
      ['arbitrum-sepolia', 'deployed', first.address],
      ['polygon-amoy', 'deployed', first.address],
    ]);
    expect(networkOf(wallet, 'polygon-amoy')).toMatchObject({
      chain: { id: AMOY, key: 'dev', isDevChain: true },
      deployment: { txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    });
    // The first network stays what it was: the wallet's own status, address and chain.
    expect(wallet).toMatchObject({ status: 'deployed', address: first.address, chain: { id: SEPOLIA } });
    expect(await relayerTransactions(AMOY)).toBe(sentOnAmoy + 1);

    // On chain: one Safe, the same owners and threshold, at the same address on both networks.
    const [onSepolia, onAmoy] = await Promise.all([
      readSafe(SEPOLIA, first.address as string),
      readSafe(AMOY, first.address as string),
    ]);
    expect(onAmoy).toEqual(onSepolia);
    expect(onAmoy).toEqual({ owners: [first.signers[0]?.ethAddress], threshold: 1n });

    const trail = await scene.testApp.db
      .select({
        action: auditEvents.action,
        from: auditEvents.fromState,
        to: auditEvents.toState,
        data: auditEvents.data,
      })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationUid, scene.organization.uid), eq(auditEvents.subjectType, 'wallet')),
      )
      .orderBy(desc(auditEvents.id))
      .limit(2);
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'wallet.deployed',
        to: 'deployed',
        data: expect.objectContaining({ chainId: AMOY }),
      }),
      expect.objectContaining({
        action: 'wallet.network_deploy_requested',
        from: 'undeployed',
        to: 'deploying',
        data: expect.objectContaining({ network: 'polygon-amoy', chainId: AMOY, address: first.address }),
      }),
    ]);
  });

  it('refuses before the first network, twice on one network, an unknown network, a non-Admin, no key', async () => {
    const scene = await arrange();
    const early = await deployOn(scene, 'polygon-amoy');
    expect(errorOf(early)).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: WALLET_NOT_DEPLOYED_YET_MESSAGE,
    });

    await deployFirst(scene);
    const home = await deployOn(scene, 'arbitrum-sepolia');
    expect(errorOf(home)).toMatchObject({ status: 409, message: WALLET_ON_NETWORK_MESSAGE });
    // A network this API has no chain for (no RPC configured), and one it does not know at all.
    const unavailable = await deployOn(scene, 'polygon');
    expect(errorOf(unavailable)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(unavailable.json().error.fields).toEqual({ network: WALLET_NETWORK_UNAVAILABLE_MESSAGE });
    expect(errorOf(await deployOn(scene, 'not-a-network'))).toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
    expect(errorOf(await deployOn(scene, 'polygon-amoy', { key: null }))).toMatchObject({ status: 400 });
    const editor = await addMember(scene.testApp, scene.organization.uid, 'Editor');
    expect(errorOf(await deployOn(scene, 'polygon-amoy', { cookie: editor.cookie }))).toMatchObject({
      status: 403,
    });

    // One request in flight, a second one with another key is refused; a replay of the first is its answer.
    const key = randomUUID();
    const started = await deployOn(scene, 'polygon-amoy', { key });
    expect(started.statusCode, started.body).toBe(202);
    const replay = await deployOn(scene, 'polygon-amoy', { key });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(errorOf(await deployOn(scene, 'polygon-amoy'))).toMatchObject({
      status: 409,
      message: WALLET_NETWORK_IN_FLIGHT_MESSAGE,
    });
    const rows = await scene.testApp.db
      .select({ chainId: walletDeployments.chainId, attempt: walletDeployments.deployAttempt })
      .from(walletDeployments)
      .where(eq(walletDeployments.organizationUid, scene.organization.uid))
      .orderBy(walletDeployments.chainId);
    expect(rows).toEqual([
      { chainId: AMOY, attempt: 1 },
      { chainId: SEPOLIA, attempt: 1 },
    ]);
  });

  it('fails with the chain’s reason, and a new request there retries the same Safe at the same address', async () => {
    const real = await realAmoy();
    let refusals = 1;
    const refusing: WalletChainAccess = {
      ...real,
      async estimateDeployment(config) {
        if (refusals-- > 0) throw new DeploymentRejectedError('The chain refused the deployment: GS000');
        return real.estimateDeployment(config);
      },
    };
    const scene = await arrange({ walletChain: refusing });
    const first = await deployFirst(scene);

    expect((await deployOn(scene, 'polygon-amoy')).statusCode).toBe(202);
    const failed = await runUntilSettled(scene);
    expect(networkOf(failed, 'polygon-amoy')).toMatchObject({
      status: 'failed',
      deployment: { error: 'The chain refused the deployment: GS000', errorCode: 'rejected' },
    });
    expect(failed.status).toBe('deployed');

    const retried = await deployOn(scene, 'polygon-amoy');
    expect(retried.statusCode, retried.body).toBe(202);
    const deployed = await runUntilSettled(scene);
    expect(networkOf(deployed, 'polygon-amoy')).toMatchObject({ status: 'deployed', address: first.address });
    expect((await readSafe(AMOY, first.address as string)).threshold).toBe(1n);
    const [retry] = await scene.testApp.db
      .select({ data: auditEvents.data })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationUid, scene.organization.uid),
          eq(auditEvents.action, 'wallet.deploy_retried'),
        ),
      );
    expect(retry?.data).toMatchObject({ network: 'polygon-amoy', attempt: 2 });
  });

  it('resumes a deployment recorded but never broadcast (the process stopped) with the same bytes', async () => {
    const real = await realAmoy();
    const stopping: WalletChainAccess = {
      ...real,
      async broadcast() {
        throw new Error('the process stopped before broadcasting');
      },
    };
    const scene = await arrange({ walletChain: stopping });
    const first = await deployFirst(scene);
    const sentOnAmoy = await relayerTransactions(AMOY);
    expect((await deployOn(scene, 'polygon-amoy')).statusCode).toBe(202);
    await scene.testApp.app.jobs.drain();
    const [recorded] = await scene.testApp.db
      .select()
      .from(walletDeployments)
      .where(
        and(
          eq(walletDeployments.organizationUid, scene.organization.uid),
          eq(walletDeployments.chainId, AMOY),
        ),
      );
    expect(recorded).toMatchObject({
      status: 'deploying',
      txHash: expect.stringMatching(/^0x/),
      txNonce: expect.any(Number),
    });
    expect(await relayerTransactions(AMOY)).toBe(sentOnAmoy);

    // A new API process, with a chain that answers: the job finds the recorded hash and sends the same bytes.
    const app = await buildApp({ config: scene.testApp.config, db: scene.testApp.db, walletTiming: FAST });
    await app.ready();
    try {
      await scene.testApp.db.update(jobs).set({ runAt: new Date() });
      const resumed = await runUntilSettled({ ...scene, testApp: { ...scene.testApp, app } });
      expect(networkOf(resumed, 'polygon-amoy')).toMatchObject({
        status: 'deployed',
        address: first.address,
        deployment: { txHash: recorded?.txHash },
      });
      expect(await relayerTransactions(AMOY)).toBe(sentOnAmoy + 1);
    } finally {
      await app.close();
    }
  });
});

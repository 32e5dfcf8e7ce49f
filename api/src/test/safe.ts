import { randomUUID } from 'node:crypto';
import { ZWalletResponse } from '@dash/shared/contracts';
import { createPublicClient, createWalletClient, getAddress, type Hex, http } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../config';
import type { AppDatabase, Database } from '../db/client';
import { registeredWallets, signingDevices, walletDeployments, walletSigners, wallets } from '../db/schema';
import type { WalletChainAccess } from '../modules/wallet/chain';
import {
  DEV_CHAIN_ID,
  DEV_CHAIN_RELAYER_KEY,
  DEV_CHAIN_SAFE_CONTRACTS,
  encodeCreateProxyWithNonce,
  predictSafeAddress,
  type SafeDeploymentConfig,
  saltNonceFor,
} from '../modules/wallet/safe';
import { createTestApp, type TestApp } from './app';
import { testChainsConfig, testDevChain } from './dev-chain';
import { addMember, createOrganization, signInUser } from './factories';
import { call } from './http';

/** The wallet configuration for the test dev chain (its relayer). */
export async function testWalletConfig() {
  const chain = await testDevChain();
  return { chain: 'dev' as const, rpcUrl: chain.url, relayerKey: DEV_CHAIN_RELAYER_KEY, devChainPort: 0 };
}

export interface SafeSigner {
  user: Awaited<ReturnType<typeof signInUser>>;
  key: PrivateKeyAccount;
  deviceUid: string;
}

/**
 * An organization with a deployed Safe on the test dev chain (local Arbitrum Sepolia): its Admin and
 * an Editor are the owners (each with a verified signing device of a fresh key), 2 out of 2; a
 * Viewer; a registered wallet on the network to send to. The Safe is deployed on chain for real
 * (createProxyWithNonce by the relayer) and recorded deployed as the wallet module records it.
 */
export async function safeScene(
  options: {
    threshold?: number;
    database?: AppDatabase;
    walletChain?: WalletChainAccess;
    /** More configuration (a provider sandbox). */
    config?: Partial<Config>;
  } = {},
) {
  const testApp: TestApp = await createTestApp(
    { wallet: await testWalletConfig(), chains: await testChainsConfig(), ...options.config },
    {
      ...(options.database ? { database: options.database } : {}),
      ...(options.walletChain ? { walletChain: options.walletChain } : {}),
    },
  );
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  const editor = await addMember(testApp, organization.uid, 'Editor');
  const viewer = await addMember(testApp, organization.uid, 'Viewer');
  const signers: SafeSigner[] = [];
  for (const user of [admin, editor]) {
    const key = privateKeyToAccount(generatePrivateKey());
    const [device] = await testApp.db
      .insert(signingDevices)
      .values({ userUid: user.uid, name: 'Test key', ethAddress: key.address, verifiedAt: new Date() })
      .returning();
    if (!device) throw new Error('device not written');
    await testApp.db
      .insert(walletSigners)
      .values({ organizationUid: organization.uid, userUid: user.uid, signingDeviceUid: device.uid });
    signers.push({ user, key, deviceUid: device.uid });
  }
  const config: SafeDeploymentConfig = {
    chainId: DEV_CHAIN_ID,
    ...DEV_CHAIN_SAFE_CONTRACTS,
    owners: signers.map((signer) => signer.key.address),
    threshold: options.threshold ?? 2,
    saltNonce: saltNonceFor(organization.uid),
  };
  const address = predictSafeAddress(config);
  const chain = await testDevChain();
  const relayer = createWalletClient({
    transport: http(chain.url),
    account: privateKeyToAccount(DEV_CHAIN_RELAYER_KEY),
  });
  const hash = await relayer.sendTransaction({
    to: config.proxyFactory,
    data: encodeCreateProxyWithNonce(config),
    chain: null,
  });
  await createPublicClient({ transport: http(chain.url) }).waitForTransactionReceipt({
    hash,
    pollingInterval: 20,
  });
  await testApp.db.insert(wallets).values({
    organizationUid: organization.uid,
    chainId: DEV_CHAIN_ID,
    address,
    owners: config.owners,
    threshold: config.threshold,
    saltNonce: config.saltNonce.toString(),
    proxyFactory: config.proxyFactory,
    singleton: config.singleton,
    fallbackHandler: config.fallbackHandler,
  });
  await testApp.db.insert(walletDeployments).values({
    organizationUid: organization.uid,
    chainId: DEV_CHAIN_ID,
    status: 'deployed',
    address,
    deployAttempt: 1,
    txHash: hash,
    deployedAt: new Date(),
  });
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const [wallet] = await testApp.db
    .insert(registeredWallets)
    .values({
      organizationUid: organization.uid,
      network: 'arbitrum-sepolia',
      address: recipient,
      name: 'Payroll',
    })
    .returning();
  if (!wallet) throw new Error('wallet not written');
  return { testApp, organization, admin, editor, viewer, signers, safe: getAddress(address) as Hex, wallet };
}

/**
 * Stores a wallet as a test arranges one past the API (data from before a rule, another chain's):
 * its configuration in `wallets` and, unless undeployed, its deployment on its chain in
 * `wallet_deployments`; an existing one is overwritten.
 */
export async function storeWallet(
  db: Database,
  row: Omit<typeof wallets.$inferInsert, 'chainId' | 'address'> & {
    chainId: number;
    address: string;
  } & Partial<Omit<typeof walletDeployments.$inferInsert, 'organizationUid' | 'chainId' | 'address'>>,
): Promise<void> {
  const { status, deployAttempt, txHash, txNonce, rawTx, error, requestedAt, deployedAt, ...config } = row;
  await db
    .insert(wallets)
    .values(config)
    .onConflictDoUpdate({ target: wallets.organizationUid, set: config });
  if (!status || status === 'undeployed') return;
  const deployment = {
    status,
    deployAttempt: deployAttempt ?? 1,
    txHash: txHash ?? null,
    txNonce: txNonce ?? null,
    rawTx: rawTx ?? null,
    error: error ?? null,
    requestedAt: requestedAt ?? null,
    deployedAt: deployedAt ?? null,
  };
  await db
    .insert(walletDeployments)
    .values({
      organizationUid: row.organizationUid,
      chainId: row.chainId,
      address: row.address,
      ...deployment,
    })
    .onConflictDoUpdate({
      target: [walletDeployments.organizationUid, walletDeployments.chainId],
      set: deployment,
    });
}

/**
 * Deploys the scene's Safe on another network through the API (POST wallet/deployments, as an
 * Admin's "Deploy on <network>"), runs its job to the end, and checks it is at the same address.
 */
export async function deploySafeOn(scene: Awaited<ReturnType<typeof safeScene>>, network: string) {
  const { app } = scene.testApp;
  const requested = await call(app, 'POST', '/wallet/deployments', {
    cookie: scene.admin.cookie,
    body: { network },
    headers: { 'x-organization-uid': scene.organization.uid, 'idempotency-key': randomUUID() },
  });
  if (requested.statusCode !== 202) throw new Error(`deploy on ${network}: ${requested.body}`);
  for (let round = 0; round < 200; round += 1) {
    await app.jobs.drain();
    const wallet = ZWalletResponse.parse(
      (
        await call(app, 'GET', '/wallet', {
          cookie: scene.admin.cookie,
          organization: scene.organization.uid,
        })
      ).json(),
    ).data;
    const there = wallet.networks?.find((candidate) => candidate.network === network);
    if (there?.status === 'deployed') {
      if (there.address !== scene.safe) throw new Error(`the Safe on ${network} is at ${there.address}`);
      return;
    }
    if (there?.status !== 'deploying') throw new Error(`the Safe on ${network} is ${there?.status}`);
    // The deploy job reschedules itself while its transaction is pending.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the Safe never deployed on ${network}`);
}

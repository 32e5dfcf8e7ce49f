import { type TWallet, ZWalletResponse } from '@dash/shared/contracts';
import { createPublicClient, getAddress, http, parseEther, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil } from '../../../dev-chain/anvil';
import { createTestApp } from '../../test/app';
import { emptyTestDatabase } from '../../test/database';
import { createOrganization, registerProvedDevice, signInUser } from '../../test/factories';
import { call } from '../../test/http';
import { canonicalSafeContracts, SAFE_ARTIFACTS } from './safe';

const RELAYER_KEY = `0x${'5e'.repeat(32)}` as const;

/**
 * A stand-in for Arbitrum Sepolia with no network: an anvil chain with its chain id, the relayer
 * funded and the published Safe v1.4.1 code placed at the canonical addresses, so the very
 * configuration an operator uses (WALLET_CHAIN=arbitrum-sepolia, WALLET_RPC_URL, WALLET_RELAYER_KEY)
 * runs end to end.
 */
async function startArbitrumSepoliaLookalike(): Promise<{ url: string; close(): Promise<void> }> {
  const node = await startAnvil({ chainId: 421614, port: 0 });
  const url = node.url;
  const relayer = privateKeyToAccount(RELAYER_KEY).address;
  const call = (method: string, params: unknown[]) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
  await call('anvil_setBalance', [relayer, toHex(parseEther('10'))]);
  const contracts = canonicalSafeContracts(421614);
  const code = {
    [contracts.singleton]: SAFE_ARTIFACTS.safeL2.deployedBytecode,
    [contracts.proxyFactory]: SAFE_ARTIFACTS.proxyFactory.deployedBytecode,
    [contracts.fallbackHandler]: SAFE_ARTIFACTS.fallbackHandler.deployedBytecode,
  };
  for (const [address, bytecode] of Object.entries(code)) {
    await call('anvil_setCode', [address, bytecode]);
  }
  return { url, close: () => node.close() };
}

describe('the wallet with WALLET_CHAIN=arbitrum-sepolia', () => {
  let lookalike: { url: string; close(): Promise<void> } | undefined;
  beforeAll(async () => {
    [lookalike] = await Promise.all([startArbitrumSepoliaLookalike(), emptyTestDatabase()]);
  });
  afterAll(() => lookalike?.close());

  it('deploys at the canonical Safe addresses from the configured relayer and links to Arbiscan', async () => {
    const rpcUrl = lookalike?.url ?? '';
    const { app, db, config } = await createTestApp(
      { wallet: { chain: 'arbitrum-sepolia', rpcUrl, relayerKey: RELAYER_KEY, devChainPort: 0 } },
      { walletTiming: { receiptWaitMs: 1_000, receiptPollMs: 50 } },
    );
    const admin = await signInUser(app);
    const organization = await createOrganization({ app, db, config }, admin.cookie);
    const ask = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      call(app, method, path, {
        cookie: admin.cookie,
        organization: organization.uid,
        ...(body ? { body } : {}),
      });
    const { device } = await registerProvedDevice(app, admin.cookie);
    const owner = device.ethAddress;
    await ask('POST', '/wallet/signer/propose', { userUid: admin.uid });
    await ask('POST', '/wallet/signer/signing-device', { signingDeviceUid: device.uid });

    const requested = ZWalletResponse.parse(
      (await ask('POST', '/wallet/deploy', { threshold: 1 })).json(),
    ).data;
    let wallet: TWallet = requested;
    for (let round = 0; round < 100 && wallet.status === 'deploying'; round += 1) {
      await app.jobs.drain();
      wallet = ZWalletResponse.parse((await ask('GET', '/wallet')).json()).data;
      if (wallet.status === 'deploying') await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(wallet).toMatchObject({
      status: 'deployed',
      address: requested.address,
      chain: { key: 'arbitrum-sepolia', id: 421614 },
      viewerUrl: `https://app.safe.global/home?safe=arb-sep:${requested.address}`,
    });
    expect(wallet.deployment?.explorerUrl).toBe(
      `https://sepolia.arbiscan.io/tx/${wallet.deployment?.txHash}`,
    );
    const client = createPublicClient({ transport: http(rpcUrl) });
    const transaction = await client.getTransaction({ hash: wallet.deployment?.txHash as `0x${string}` });
    expect(transaction.to && getAddress(transaction.to)).toBe(canonicalSafeContracts(421614).proxyFactory);
    expect(
      await client.readContract({
        address: requested.address as `0x${string}`,
        abi: SAFE_ARTIFACTS.safeL2.abi,
        functionName: 'getOwners',
      }),
    ).toEqual([owner]);
  });
});

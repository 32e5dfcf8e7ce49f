import { randomBytes } from 'node:crypto';
import { type THoldings, type TOrganizationEvent, ZHoldingsResponse } from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEV_CHAIN_TREASURY } from '../../chain/index';
import type { ChainsConfig } from '../../config';
import type { AppDatabase } from '../../db/client';
import { auditEvents, chainNetworks, registeredWallets, transfers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { emptyTestDatabase } from '../../test/database';
import {
  fundGas,
  sendTestToken,
  sendTestTokenFrom,
  testChainsConfig,
  testDevChainHead,
} from '../../test/dev-chain';
import { createOrganization, signInUser } from '../../test/factories';
import { call } from '../../test/http';
import { createCatalogueProvider } from '../../test/providers';
import { type RpcProxy, rpcProxy } from '../../test/rpc-proxy';
import { storeWallet } from '../../test/safe';
import { anvilOf } from '../../test/sandbox-chain';
import { balanceMismatches, writeTransfer } from '../../test/transfers';
import { ledgerBalancesOf } from '../overview/index';

type DevNetwork = 'arbitrum-sepolia' | 'polygon-amoy';

const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

/** The test dev chains, each behind a counting proxy the API is given as its RPC. */
async function proxiedChains(): Promise<{ config: ChainsConfig; proxies: Record<DevNetwork, RpcProxy> }> {
  const config = await testChainsConfig();
  const proxies = {} as Record<DevNetwork, RpcProxy>;
  const networks = await Promise.all(
    config.networks.map(async (network) => {
      const proxy = await rpcProxy(network.rpcUrl);
      proxies[network.network as DevNetwork] = proxy;
      return { ...network, rpcUrl: proxy.url };
    }),
  );
  return { config: { ...config, networks }, proxies };
}

/** An API watching the (proxied) dev chains, on `database` when given (as after a restart), and a member's organization. */
async function arrange(options: { chains?: ChainsConfig; database?: AppDatabase } = {}) {
  const chains = options.chains ?? (await proxiedChains()).config;
  const testApp = await createTestApp({ chains }, options.database ? { database: options.database } : {});
  return { testApp, ...(await member(testApp)) };
}

/** A new user's organization on the app, its wallets and the events it is told. */
async function member(testApp: TestApp) {
  const founder = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, founder.cookie);
  const register = async (network: DevNetwork, name: string) => {
    const [row] = await testApp.db
      .insert(registeredWallets)
      .values({ organizationUid: organization.uid, network, address: randomAddress(), name })
      .returning();
    if (!row) throw new Error('wallet not written');
    return row;
  };
  const deploySafe = async () => {
    const address = randomAddress();
    await storeWallet(testApp.db, {
      organizationUid: organization.uid,
      status: 'deployed',
      chainId: 421614,
      address,
    });
    return address;
  };
  const events: TOrganizationEvent[] = [];
  testApp.app.events.subscribe(organization.uid, ({ event }) => events.push(event));
  const holdings = async () => {
    const response = await call(testApp.app, 'GET', `/organizations/${organization.uid}/holdings`, {
      cookie: founder.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    return ZHoldingsResponse.parse(response.json()).data;
  };
  return { founder, organization, register, deploySafe, events, holdings };
}

const amountsOf = (holdings: THoldings) =>
  Object.fromEntries(
    holdings.wallets.map((wallet) => [
      wallet.name ?? 'Safe',
      Object.fromEntries(wallet.balances.map((balance) => [balance.symbol, balance.amount])),
    ]),
  );

const ethCalls = (proxy: RpcProxy) => proxy.calls.filter((call) => call.method === 'eth_call');

describe('balances from the chain', () => {
  it('stores each Safe’s and registered wallet’s tokens, one multicall per network and block', async () => {
    const { config, proxies } = await proxiedChains();
    const scene = await arrange({ chains: config });
    const treasury = await scene.register('arbitrum-sepolia', 'Treasury');
    await scene.register('polygon-amoy', 'Payroll');
    const safe = await scene.deploySafe();
    await sendTestToken('arbitrum-sepolia', 'USDC', treasury.address, '12.5');
    await sendTestToken('arbitrum-sepolia', 'MXNB', safe, '3');
    const payroll = await scene.register('polygon-amoy', 'Payroll 2');
    await sendTestToken('polygon-amoy', 'testbrz', payroll.address, '0.000000000000000001');
    for (const proxy of Object.values(proxies)) proxy.calls.length = 0;

    await scene.testApp.app.holdings.checkNow();

    for (const [network, proxy] of Object.entries(proxies)) {
      const head = await testDevChainHead(network as DevNetwork);
      expect(ethCalls(proxy), network).toHaveLength(1);
      expect(ethCalls(proxy)[0]?.params[1], network).toBe(`0x${head.toString(16)}`);
    }
    const holdings = await scene.holdings();
    expect(amountsOf(holdings)).toEqual({
      Safe: { USDC: '0', MXNB: '3' },
      Treasury: { USDC: '12.5', MXNB: '0' },
      Payroll: { testbrz: '0' },
      'Payroll 2': { testbrz: '0.000000000000000001' },
    });
    expect(holdings.wallets.find((wallet) => wallet.kind === 'safe')).toMatchObject({
      uid: null,
      address: safe,
    });
    expect(holdings.networks).toEqual([
      expect.objectContaining({
        network: 'arbitrum-sepolia',
        chainId: 421614,
        local: true,
        status: 'watched',
        block: Number(await testDevChainHead('arbitrum-sepolia')),
      }),
      expect.objectContaining({ network: 'polygon-amoy', chainId: 80002, local: true, status: 'watched' }),
    ]);
    // Nothing mined since: the next look reads nothing.
    await scene.testApp.app.holdings.checkNow();
    for (const proxy of Object.values(proxies)) expect(ethCalls(proxy)).toHaveLength(1);
  });

  it('sees a transfer to a watched wallet and tells that organization only', async () => {
    const { config } = await proxiedChains();
    const scene = await arrange({ chains: config });
    const wallet = await scene.register('arbitrum-sepolia', 'Treasury');
    const other = await member(scene.testApp);
    await other.register('arbitrum-sepolia', 'Theirs');
    await scene.testApp.app.holdings.checkNow();
    scene.events.length = 0;
    other.events.length = 0;

    const block = await sendTestToken('arbitrum-sepolia', 'USDC', wallet.address, '250');
    const found = await scene.testApp.app.holdings.checkNow();

    expect(found.get('arbitrum-sepolia')).toMatchObject({ kind: 'read', blockNumber: Number(block) });
    expect(scene.events).toEqual([{ type: 'holdings.updated', network: 'arbitrum-sepolia' }]);
    expect(other.events).toEqual([]);
    expect(amountsOf(await scene.holdings()).Treasury).toEqual({ USDC: '250', MXNB: '0' });
    expect((await scene.holdings()).networks[0]?.block).toBe(Number(block));
  });

  it('lists a wallet whose ledger and chain differ, with both amounts, and nothing where they agree', async () => {
    const scene = await arrange();
    const wallet = await scene.register('polygon-amoy', 'Treasury');
    const provider = await createCatalogueProvider(scene.testApp.db);
    // A completed on-ramp of 100 BRL: 98.5 testbrz posted to the wallet in the ledger, and on chain
    // before the watcher's first look (which reads no history).
    await writeTransfer(scene.testApp.db, scene.organization.uid, provider.uid, {
      type: 'on_ramp',
      status: 'completed',
      amount: '100',
      walletUid: wallet.uid,
    });
    await sendTestToken('polygon-amoy', 'testbrz', wallet.address, '98.5');
    await scene.testApp.app.holdings.checkNow();
    const agreed = await scene.holdings();
    expect(agreed.reconciliation).toEqual([]);
    expect(amountsOf(agreed).Treasury).toEqual({ testbrz: '98.5' });

    // Another completed on-ramp whose tokens never came: the ledger says more than the chain.
    await writeTransfer(scene.testApp.db, scene.organization.uid, provider.uid, {
      type: 'on_ramp',
      status: 'completed',
      amount: '100',
      walletUid: wallet.uid,
    });
    await scene.testApp.app.holdings.checkNow();
    const block = Number(await testDevChainHead('polygon-amoy'));
    expect((await scene.holdings()).reconciliation).toEqual([
      {
        kind: 'registered',
        walletUid: wallet.uid,
        name: 'Treasury',
        network: 'polygon-amoy',
        address: wallet.address,
        symbol: 'testbrz',
        ledger: '197',
        chain: '98.5',
        difference: '-98.5',
        block,
      },
    ]);
  });

  it('books tokens that no transfer explains as incoming deposits, to the wallet or the Safe, once', async () => {
    const database = await emptyTestDatabase();
    const { config } = await proxiedChains();
    const scene = await arrange({ chains: config, database });
    const wallet = await scene.register('arbitrum-sepolia', 'Treasury');
    const safe = await scene.deploySafe();
    await scene.testApp.app.holdings.checkNow();
    const [start] = await scene.testApp.db
      .select()
      .from(chainNetworks)
      .where(eq(chainNetworks.network, 'arbitrum-sepolia'));

    const toWallet = await sendTestToken('arbitrum-sepolia', 'USDC', wallet.address, '12.5');
    const toSafe = await sendTestToken('arbitrum-sepolia', 'MXNB', safe, '3.000001');
    const found = await scene.testApp.app.holdings.checkNow();
    expect(found.get('arbitrum-sepolia')).toMatchObject({ kind: 'read', booked: [scene.organization.uid] });

    const holdings = await scene.holdings();
    expect(holdings.incoming).toEqual([
      expect.objectContaining({
        kind: 'safe',
        walletUid: null,
        to: safe,
        symbol: 'MXNB',
        amount: '3.000001',
        block: Number(toSafe),
      }),
      expect.objectContaining({
        kind: 'registered',
        walletUid: wallet.uid,
        name: 'Treasury',
        to: wallet.address,
        from: getAddress(DEV_CHAIN_TREASURY),
        symbol: 'USDC',
        amount: '12.5',
        block: Number(toWallet),
      }),
    ]);
    // Booked to the ledger: the Safe and the wallet each hold what the chain shows.
    expect(holdings.reconciliation).toEqual([]);
    const ledger = await ledgerBalancesOf(scene.testApp.db, scene.organization.uid);
    expect(ledger.byWallet).toEqual([
      expect.objectContaining({ safe: true, wallet: null, currency: 'MXNB', posted: '3.000001' }),
      expect.objectContaining({
        safe: false,
        wallet: expect.objectContaining({ uid: wallet.uid }),
        currency: 'USDC',
        posted: '12.5',
      }),
    ]);
    expect(ledger.byCurrency).toEqual([
      { currency: 'MXNB', fiatCurrency: null, posted: '3.000001', pending: '0' },
      { currency: 'USDC', fiatCurrency: null, posted: '12.5', pending: '0' },
    ]);
    expect(await balanceMismatches(scene.testApp.db, scene.organization.uid)).toEqual([]);
    const audited = await scene.testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'incoming_deposit.booked'));
    expect(audited.filter((row) => row.organizationUid === scene.organization.uid)).toHaveLength(2);

    // The same blocks read again (a process that died before its cursor moved): nothing twice.
    await scene.testApp.app.close();
    await database.db
      .update(chainNetworks)
      .set({ blockNumber: start?.blockNumber ?? null })
      .where(eq(chainNetworks.network, 'arbitrum-sepolia'));
    const again = await arrange({ chains: config, database });
    expect((await again.testApp.app.holdings.checkNow()).get('arbitrum-sepolia')).toMatchObject({
      kind: 'read',
      booked: [],
    });
    expect(
      (await ledgerBalancesOf(again.testApp.db, scene.organization.uid)).byWallet.map((row) => row.posted),
    ).toEqual(['3.000001', '12.5']);
  });

  it('does not book an on-ramp’s delivery, nor a deposit the provider sends back, as incoming', async () => {
    const scene = await arrange();
    const wallet = await scene.register('polygon-amoy', 'Treasury');
    const provider = await createCatalogueProvider(scene.testApp.db);
    await scene.testApp.app.holdings.checkNow();
    // An on-ramp under way to the wallet: 98.5 testbrz expected.
    const onRamp = await writeTransfer(scene.testApp.db, scene.organization.uid, provider.uid, {
      type: 'on_ramp',
      status: 'payment_submitted',
      amount: '100',
      walletUid: wallet.uid,
    });
    await scene.testApp.db
      .update(transfers)
      .set({ walletAddress: wallet.address })
      .where(eq(transfers.uid, onRamp.uid));
    // An off-ramp whose deposit address sends tokens back.
    const offRamp = await writeTransfer(scene.testApp.db, scene.organization.uid, provider.uid, {
      type: 'off_ramp',
      status: 'returned',
      amount: '40',
    });
    const depositor = privateKeyToAccount(generatePrivateKey());
    await scene.testApp.db
      .update(transfers)
      .set({
        instructions: {
          kind: 'crypto',
          network: 'polygon-amoy',
          address: depositor.address,
          amount: '40',
          symbol: 'testbrz',
          memo: null,
        },
      })
      .where(eq(transfers.uid, offRamp.uid));
    await sendTestToken('polygon-amoy', 'testbrz', depositor.address, '40');
    await fundGas('polygon-amoy', depositor.address);

    await sendTestToken('polygon-amoy', 'testbrz', wallet.address, '98.5');
    await sendTestTokenFrom('polygon-amoy', 'testbrz', depositor, wallet.address, '40');
    await scene.testApp.app.holdings.checkNow();

    expect((await scene.holdings()).incoming).toEqual([]);
    // An amount no transfer expects is booked.
    await sendTestToken('polygon-amoy', 'testbrz', wallet.address, '98.49');
    await scene.testApp.app.holdings.checkNow();
    expect((await scene.holdings()).incoming).toEqual([
      expect.objectContaining({ walletUid: wallet.uid, amount: '98.49' }),
    ]);
  });

  it('never books a deposit that a reorganisation removed before its confirmations', async () => {
    const { config } = await proxiedChains();
    const scene = await arrange({ chains: { ...config, confirmations: 2 } });
    const wallet = await scene.register('arbitrum-sepolia', 'Treasury');
    await scene.testApp.app.holdings.checkNow();
    const anvil = await anvilOf('arbitrum-sepolia');

    const block = await sendTestToken('arbitrum-sepolia', 'USDC', wallet.address, '5');
    // One confirmation of two: the look reads up to the block before.
    expect((await scene.testApp.app.holdings.checkNow()).get('arbitrum-sepolia')).toMatchObject({
      blockNumber: Number(block) - 1,
      booked: [],
    });
    // The deposit's block is replaced by an empty one; the chain goes on.
    await anvil.request({ method: 'anvil_reorg', params: [1, []] } as never);
    await anvil.mine({ blocks: 3 });
    await scene.testApp.app.holdings.checkNow();
    const holdings = await scene.holdings();
    expect(holdings.incoming).toEqual([]);
    expect(amountsOf(holdings).Treasury).toEqual({ USDC: '0', MXNB: '0' });
    expect(holdings.reconciliation).toEqual([]);
  });

  it('marks a chain that is down unreachable, answers with the last amounts, and catches up when it is back', async () => {
    const { config, proxies } = await proxiedChains();
    const scene = await arrange({ chains: config });
    const wallet = await scene.register('arbitrum-sepolia', 'Treasury');
    await sendTestToken('arbitrum-sepolia', 'USDC', wallet.address, '10');
    await scene.testApp.app.holdings.checkNow();
    const before = (await scene.holdings()).networks[0];
    scene.events.length = 0;

    proxies['arbitrum-sepolia'].down();
    await sendTestToken('arbitrum-sepolia', 'USDC', wallet.address, '5');
    const found = await scene.testApp.app.holdings.checkNow();

    expect(found.get('arbitrum-sepolia')).toMatchObject({ kind: 'unreachable' });
    expect(found.get('polygon-amoy')).toMatchObject({ kind: 'unchanged' });
    expect(scene.events).toEqual([{ type: 'holdings.updated', network: 'arbitrum-sepolia' }]);
    const down = await scene.holdings();
    expect(down.networks[0]).toMatchObject({ status: 'unreachable', block: before?.block });
    expect(Date.parse(down.networks[0]?.statusSince ?? '')).toBeGreaterThan(
      Date.parse(before?.statusSince ?? ''),
    );
    expect(amountsOf(down).Treasury).toEqual({ USDC: '10', MXNB: '0' });
    // Still down: told once.
    await scene.testApp.app.holdings.checkNow();
    expect(scene.events).toHaveLength(1);

    proxies['arbitrum-sepolia'].up();
    await scene.testApp.app.holdings.checkNow();
    const back = await scene.holdings();
    expect(back.networks[0]).toMatchObject({
      status: 'watched',
      block: Number(await testDevChainHead('arbitrum-sepolia')),
    });
    expect(amountsOf(back).Treasury).toEqual({ USDC: '15', MXNB: '0' });
    expect(scene.events).toEqual([
      { type: 'holdings.updated', network: 'arbitrum-sepolia' },
      { type: 'holdings.updated', network: 'arbitrum-sepolia' },
    ]);
  });

  it('says unreachable, with no amounts, for a chain down from the first look; unwatched without an RPC', async () => {
    const { config, proxies } = await proxiedChains();
    proxies['polygon-amoy'].down();
    const scene = await arrange({
      chains: {
        ...config,
        networks: config.networks.filter((network) => network.network === 'polygon-amoy'),
      },
    });
    await scene.register('polygon-amoy', 'Payroll');
    await scene.register('arbitrum-sepolia', 'Treasury');
    await scene.testApp.app.holdings.checkNow();

    const holdings = await scene.holdings();
    expect(holdings.networks).toEqual([
      expect.objectContaining({
        network: 'polygon-amoy',
        status: 'unreachable',
        block: null,
        checkedAt: null,
      }),
      {
        network: 'arbitrum-sepolia',
        chainId: 421614,
        local: false,
        status: 'unwatched',
        block: null,
        checkedAt: null,
        statusSince: null,
      },
    ]);
    // Unwatched: the real network's tokens, no amount.
    expect(amountsOf(holdings)).toEqual({ Payroll: { testbrz: null }, Treasury: { USDC: null } });
    expect(holdings.reconciliation).toEqual([]);
  });

  it('resumes from the stored block after a restart', async () => {
    const { config, proxies } = await proxiedChains();
    const database = await emptyTestDatabase();
    const first = await arrange({ chains: config, database });
    const wallet = await first.register('arbitrum-sepolia', 'Treasury');
    await first.testApp.app.holdings.checkNow();
    const [stored] = await first.testApp.db
      .select()
      .from(chainNetworks)
      .where(eq(chainNetworks.network, 'arbitrum-sepolia'));
    expect(stored?.blockNumber).toBe(Number(await testDevChainHead('arbitrum-sepolia')));
    await first.testApp.app.close();

    // The same database, a new process: nothing mined since, nothing read again.
    const second = await arrange({ chains: config, database });
    proxies['arbitrum-sepolia'].calls.length = 0;
    const again = await second.testApp.app.holdings.checkNow();
    expect(again.get('arbitrum-sepolia')).toEqual({ kind: 'unchanged', blockNumber: stored?.blockNumber });
    expect(ethCalls(proxies['arbitrum-sepolia'])).toEqual([]);

    // Mined since: read from the stored block on, and told to the organization that holds it.
    first.events.length = 0;
    const unsubscribe = second.testApp.app.events.subscribe(first.organization.uid, ({ event }) =>
      first.events.push(event),
    );
    const block = await sendTestToken('arbitrum-sepolia', 'MXNB', wallet.address, '7');
    const found = await second.testApp.app.holdings.checkNow();
    unsubscribe();
    expect(found.get('arbitrum-sepolia')).toMatchObject({
      kind: 'read',
      blockNumber: Number(block),
      changed: [wallet.address.toLowerCase()],
      organizations: [first.organization.uid],
    });
    expect(first.events).toEqual([{ type: 'holdings.updated', network: 'arbitrum-sepolia' }]);
  });
});

/**
 * Balances from the chain: on an in-memory dev chain (anvil, arbitrum-sepolia with its USDC and
 * MXNB) and an in-memory PGlite, prints
 *  - the read time of 1,000 wallets' balances (2 tokens each, some holding tokens): one Multicall3
 *    eth_call at one block (median of 10), and the first look that reads and stores them all;
 *  - the watcher's cost per block (one look after a token transfer: head, one multicall, the changed
 *    rows written, the cursor moved, the organization told) and per idle look (no new block), beside
 *    the number of wallets watched;
 *  - how long after a token transfer is mined the watcher sees it (the organization's
 *    holdings.updated event), in blocks and ms, with the loop running at two poll intervals.
 * Figures, not a test: nothing here passes or fails.
 *
 *   api/node_modules/.bin/tsx api/benchmarks/chain-balances.ts [wallets=1000]
 *
 * (Not in `pnpm bench`: that script measures the built dashboard in a browser and the API's reads.)
 */
import { randomBytes } from 'node:crypto';
import { type TNetworkId, type TOrganizationEvent, toBaseUnits, tokenOf } from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { createPublicClient, createWalletClient, erc20Abi, getAddress, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startDevChains } from '../dev-chain/chain';
import { createChains, DEV_CHAIN_KEYS, readBalances } from '../src/chain/index';
import type { ChainsConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { chainNetworks, organizations, registeredWallets } from '../src/db/schema';
import { createInProcessEventBus } from '../src/events/bus';
import { createHoldingsService } from '../src/modules/holdings/index';

const [walletCount = 1000] = process.argv.slice(2).map(Number);
const NETWORK: TNetworkId = 'arbitrum-sepolia';
const ORGANIZATIONS = 10;
const HOLDING = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

const chains = await startDevChains({ port: 0 });
const database = await openPglite();
const quiet = Fastify({ logger: false }).log;
try {
  await migrate(database);
  const { db } = database;
  const url = chains.chains.find((chain) => chain.network === NETWORK)?.url ?? '';
  const usdc = tokenOf(NETWORK, 'USDC', true);
  if (!usdc) throw new Error('no local USDC');
  const client = createPublicClient({ transport: http(url) });
  const treasury = createWalletClient({
    transport: http(url),
    account: privateKeyToAccount(DEV_CHAIN_KEYS.treasury),
  });
  /** A USDC transfer from the treasury; answers its receipt's block once mined, and when that was seen. */
  const send = async (to: string, amount: string) => {
    const hash = await treasury.writeContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Hex, toBaseUnits(amount, usdc.decimals)],
      chain: null,
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 5 });
    return { block: receipt.blockNumber, minedAt: performance.now() };
  };

  const organizationUids = (
    await db
      .insert(organizations)
      .values(Array.from({ length: ORGANIZATIONS }, (_, i) => ({ name: `Bench ${i}`, slug: `bench-${i}` })))
      .returning()
  ).map((row) => row.uid);
  const addresses: string[] = [];
  const register = async (count: number) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      organizationUid: organizationUids[(addresses.length + i) % ORGANIZATIONS] as string,
      network: NETWORK,
      address: randomAddress(),
      name: `Wallet ${addresses.length + i}`,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await db.insert(registeredWallets).values(rows.slice(start, start + 500));
    }
    addresses.push(...rows.map((row) => row.address));
  };

  const config = (pollMs: number): ChainsConfig => ({
    networks: [{ network: NETWORK, chainId: 421614, rpcUrl: url, local: true }],
    confirmations: 1,
    pollMs,
  });
  const watched = createChains(config(1000));
  const network = watched.of(NETWORK);
  if (!network) throw new Error('not watched');
  const events = createInProcessEventBus();
  const holdings = createHoldingsService({ db, events, chains: watched, log: quiet });

  console.log(`Balances from the chain: ${NETWORK} (anvil, in memory), PGlite in memory\n`);
  const rows: [string, string, string][] = [];

  // The cost per block beside the number of wallets watched.
  for (const size of [10, 100, walletCount]) {
    await register(size - addresses.length);
    const firstStarted = performance.now();
    await holdings.watcher.checkNow();
    const firstMs = performance.now() - firstStarted;
    if (size === walletCount) {
      for (const address of addresses.slice(0, HOLDING)) await send(address, '1.5');
      await holdings.watcher.checkNow();
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const reads: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const started = performance.now();
        const read = await readBalances(network, addresses, head);
        reads.push(performance.now() - started);
        if (read.balances.filter((balance) => balance.units > 0n).length !== HOLDING)
          throw new Error('unexpected holders');
      }
      rows.push([
        `read ${size} wallets × ${network.tokens.length} tokens`,
        'one multicall, median of 10',
        ms(median(reads)),
      ]);
      rows.push([`first look, ${size} wallets`, 'read + store every balance', ms(firstMs)]);
    }
    const perBlock: number[] = [];
    const idle: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await send(addresses[i % addresses.length] as string, '0.25');
      const started = performance.now();
      const found = (await holdings.watcher.checkNow()).get(NETWORK);
      perBlock.push(performance.now() - started);
      if (!found || found instanceof Error || found.kind !== 'read')
        throw new Error('the block was not read');
      const idleStarted = performance.now();
      await holdings.watcher.checkNow();
      idle.push(performance.now() - idleStarted);
    }
    rows.push([`watcher, ${size} wallets`, 'per new block (median of 5)', ms(median(perBlock))]);
    rows.push([`watcher, ${size} wallets`, 'per idle look (median of 5)', ms(median(idle))]);
  }

  // From mined to seen: the loop running as in production, at two poll intervals.
  for (const pollMs of [1000, 100]) {
    const live = createChains(config(pollMs));
    const service = createHoldingsService({ db, events, chains: live, log: quiet });
    await service.watcher.checkNow();
    service.watcher.start();
    const lags: number[] = [];
    const blocks: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const target = addresses[HOLDING + i] as string;
      const organizationUid = organizationUids[(HOLDING + i) % ORGANIZATIONS] as string;
      let sawAt = 0;
      const seen = new Promise<void>((resolve) => {
        const stop = events.subscribe(organizationUid, ({ event }: { event: TOrganizationEvent }) => {
          if (event.type !== 'holdings.updated') return;
          sawAt = performance.now();
          stop();
          resolve();
        });
      });
      const { block, minedAt } = await send(target, '0.01');
      await seen;
      const [cursor] = await db.select().from(chainNetworks).where(eq(chainNetworks.network, NETWORK));
      lags.push(Math.max(0, sawAt - minedAt));
      blocks.push(Number(cursor?.blockNumber ?? 0) - Number(block));
      // Spread the transfers over the poll interval.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(pollMs * 0.37)));
    }
    await service.watcher.stop();
    rows.push([
      `mined → seen, pollMs ${pollMs}`,
      'median / max of 10 transfers',
      `${ms(median(lags))} / ${ms(Math.max(...lags))}; ${median(blocks)} block(s) later (confirmations 1)`,
    ]);
  }

  const width = rows.reduce((max, [a, b]) => Math.max(max, a.length + b.length + 3), 0);
  for (const [what, how, value] of rows) console.log(`${`${what} — ${how}`.padEnd(width)}  ${value}`);
} finally {
  await database.close();
  await chains.close();
}

/**
 * Benchmark of the Safe's queue and history (issue 51): the demo organization's Safe with 500
 * transactions (the newest 20 queued, the rest executed, each confirmed by both owners); GET
 * wallet/transactions (the queue and the history's first page of 50, as light list rows), GET
 * wallet/transactions/history?cursor (the history's older pages, each in turn) and GET
 * wallet/transactions/{safeTxHash} (one of them in full, in turn), a third each, at a fixed arrival
 * rate (open loop, ./open-loop.mjs in a worker thread, 2 s of warm-up) for p50/p95/p99, with the API
 * as main.ts runs it (read cache on).
 *
 *   cd api && npx tsx benchmarks/safe-queue.ts [rate=500] [seconds=10] [transactions=500] [--pglite]
 *
 * PostgreSQL by default (a throwaway server: initdb on PATH); --pglite runs on the embedded PGlite.
 */
import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres.mjs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, openPglite } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import {
  safeTransactionConfirmations,
  safeTransactions,
  signingDevices,
  walletDeployments,
  walletSigners,
  wallets,
} from '../src/db/schema';
import { seed } from '../src/db/seed';
import { seedProviderCatalogue } from '../src/db/seed-providers';
import { safeTxHash, tokenTransferTx } from '../src/modules/safe-transactions/safe-tx';
import { DEV_CHAIN_ID, DEV_CHAIN_SAFE_CONTRACTS } from '../src/modules/wallet/safe';
import { openLoopInWorker, percentile } from './open-loop.mjs';
import { signInDemo } from './sign-in';

const args = process.argv.slice(2);
const usePglite = args.includes('--pglite');
const [rate = 500, seconds = 10, count = 500] = args.filter((arg) => !arg.startsWith('--')).map(Number);
const QUEUED = 20;
const pg = usePglite ? null : await startThrowawayPostgres();
if (!usePglite && !pg) throw new Error('No PostgreSQL (initdb) found');
const config = loadConfig({
  ...(pg ? { DATABASE_URL: pg.url } : {}),
  LOG_LEVEL: 'silent',
  NODE_ENV: 'development',
  INBOUND_SMTP_PORT: '0',
});
const database = pg ? await createDatabase(config) : await openPglite();
console.log(`Database: ${database.kind}`);
try {
  await migrate(database);
  const { organizationUid, userUid } = await seed(database.db);
  await seedProviderCatalogue(database.db);

  // The demo Admin and a second owner, each with a device; a deployed 2-of-2 Safe.
  const keys = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
  const [device] = await database.db
    .insert(signingDevices)
    .values({ userUid, name: 'Bench key', ethAddress: keys[0]?.address ?? '', verifiedAt: new Date() })
    .returning();
  await database.db
    .insert(walletSigners)
    .values({ organizationUid, userUid, signingDeviceUid: device?.uid ?? null })
    .onConflictDoUpdate({
      target: [walletSigners.organizationUid, walletSigners.userUid],
      set: { signingDeviceUid: device?.uid ?? null },
    });
  const safe = getAddress(`0x${'5afe'.repeat(10)}`);
  const owners = keys.map((key) => key.address);
  // The configuration in `wallets`, the deployment on its first network in `wallet_deployments`
  // (migration 0031): what the wallet module's deploy job leaves.
  const configuration = {
    chainId: DEV_CHAIN_ID,
    address: safe,
    owners,
    threshold: 2,
    saltNonce: '1',
    ...DEV_CHAIN_SAFE_CONTRACTS,
  };
  await database.db
    .insert(wallets)
    .values({ organizationUid, ...configuration })
    .onConflictDoUpdate({ target: wallets.organizationUid, set: configuration });
  await database.db
    .insert(walletDeployments)
    .values({
      organizationUid,
      chainId: DEV_CHAIN_ID,
      address: safe,
      status: 'deployed',
      deployAttempt: 1,
      deployedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [walletDeployments.organizationUid, walletDeployments.chainId],
      set: { address: safe, status: 'deployed', deployedAt: new Date() },
    });
  const token = getAddress(`0x${'0c'.repeat(20)}`);
  const recipient = getAddress(`0x${'be'.repeat(20)}`);
  const started = performance.now();
  const hashes: string[] = [];
  for (let nonce = 0; nonce < count; nonce += 1) {
    const tx = tokenTransferTx(token, recipient, BigInt(nonce + 1) * 1_000_000n, BigInt(nonce));
    const hash = safeTxHash({ chainId: DEV_CHAIN_ID, address: safe }, tx);
    hashes.push(hash);
    const queued = nonce >= count - QUEUED;
    const [row] = await database.db
      .insert(safeTransactions)
      .values({
        organizationUid,
        chainId: DEV_CHAIN_ID,
        safeAddress: safe,
        nonce,
        safeTxHash: hash,
        kind: 'transfer',
        status: queued ? 'awaiting_confirmations' : 'executed',
        tx,
        transfer: {
          symbol: 'USDC',
          amount: String(nonce + 1),
          token,
          recipient: { walletUid: null, name: 'Payroll', address: recipient },
        },
        owners,
        threshold: 2,
        proposedBy: userUid,
        executionTxHash: queued ? null : `0x${nonce.toString(16).padStart(64, '0')}`,
      })
      .returning({ uid: safeTransactions.uid });
    const confirmers = queued ? keys.slice(0, 1) : keys;
    await database.db.insert(safeTransactionConfirmations).values(
      confirmers.map((key) => ({
        safeTransactionUid: row?.uid ?? '',
        owner: key.address,
        signature: `0x${'11'.repeat(65)}`,
        signingDeviceUid: device?.uid ?? null,
      })),
    );
  }
  console.log(`Seeded ${count} Safe transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (database.kind === 'postgres') await database.db.execute(sql`vacuum analyze`);

  const app = await buildApp({ config, db: database.db, cacheReads: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const cookie = await signInDemo(app);
  const headers = {
    cookie,
    'x-organization-uid': organizationUid,
  };
  const list = await app.inject({ method: 'GET', url: '/api/v0/wallet/transactions', headers });
  const body = list.json() as {
    data: { queued: unknown[]; history: unknown[]; historyCursor: string | null };
  };
  if (list.statusCode !== 200) throw new Error(`GET wallet/transactions answered ${list.statusCode}`);
  console.log(
    `GET wallet/transactions: ${body.data.queued.length} queued, ${body.data.history.length} in the history's first page, ${(list.body.length / 1024).toFixed(1)} KiB`,
  );
  // The history's older pages, walked once by cursor (each page's URL is then asked in turn).
  const historyPages: string[] = [];
  for (let cursor = body.data.historyCursor; cursor; ) {
    const url = `/api/v0/wallet/transactions/history?cursor=${cursor}`;
    const page = await app.inject({ method: 'GET', url, headers });
    if (page.statusCode !== 200) throw new Error(`GET ${url} answered ${page.statusCode}`);
    historyPages.push(url);
    cursor = (page.json() as { data: { historyCursor: string | null } }).data.historyCursor;
  }
  const one = await app.inject({ method: 'GET', url: `/api/v0/wallet/transactions/${hashes[0]}`, headers });
  console.log(
    `History: ${historyPages.length} older pages; one transaction in full: ${(one.body.length / 1024).toFixed(1)} KiB`,
  );

  // What one request costs on its own (sequential, in this process).
  for (const [label, url] of [
    ['list', '/api/v0/wallet/transactions'],
    ['one', `/api/v0/wallet/transactions/${hashes[count - 1]}`],
    ['history page', historyPages[0] ?? '/api/v0/wallet/transactions/history'],
  ] as const) {
    const t = performance.now();
    for (let i = 0; i < 50; i += 1) await app.inject({ method: 'GET', url, headers });
    console.log(`GET ${label}: ${((performance.now() - t) / 50).toFixed(2)} ms each (50 sequential)`);
  }

  // A third the list, a third an older history page, a third one transaction (each in turn).
  const paths = hashes.flatMap((hash, i) => [
    '/api/v0/wallet/transactions',
    historyPages[i % Math.max(historyPages.length, 1)] ?? '/api/v0/wallet/transactions/history',
    `/api/v0/wallet/transactions/${hash}`,
  ]);
  const labels = ['list', 'history page', 'one'];
  const run = (duration: number) =>
    openLoopInWorker({ port, rate, seconds: duration, headers, paths, labels });
  await run(2);
  const result = (await run(seconds)) as {
    latencies: number[];
    byLabel: Record<string, number[]>;
    elapsed: number;
    failures: number;
  };
  const { latencies } = result;
  const fmt = (values: number[], p: number) => (percentile(values, p) ?? Number.NaN).toFixed(1);
  console.log(
    `${database.kind}, ${count} Safe transactions, ${rate} req/s for ${seconds} s: ${latencies.length} answered, ${result.failures} failed; p50 ${fmt(latencies, 50)} ms, p95 ${fmt(latencies, 95)} ms, p99 ${fmt(latencies, 99)} ms`,
  );
  for (const label of labels) {
    const values = result.byLabel[label] ?? [];
    console.log(`  ${label}: p50 ${fmt(values, 50)} ms, p99 ${fmt(values, 99)} ms (${values.length})`);
  }
  await app.close();
} finally {
  await database.close();
  await pg?.stop();
}

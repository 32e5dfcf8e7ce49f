import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { AppDatabase, Database } from '../db/client';
import type { Mailer } from '../modules/mail/service';
import type { ProviderAdapters } from '../modules/providers/adapters/registry';
import type { WalletChainAccess } from '../modules/wallet/chain';
import type { WalletTiming } from '../modules/wallet/service';
import { emptyTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  /** The app's database, for arranging what the API cannot (yet) and for checking what it wrote. */
  db: Database;
  config: Config;
}

/** The folders testConfig named; setup-file.ts removes them after each test file. */
const testFolders: string[] = [];
export async function removeTestFolders(): Promise<void> {
  for (const folder of testFolders.splice(0)) await rm(folder, { recursive: true, force: true });
}

/** The product's defaults, quiet logs, and the outbox on. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  // Never the developer's DATA_DIR/releases: a path no test shares (created only if a test writes).
  const releases = { ...config.releases, dir: join(tmpdir(), `dash-test-releases-${randomUUID()}`) };
  // Blobs too: a directory of this test's own.
  const blobDir = join(tmpdir(), `dash-test-blobs-${randomUUID()}`);
  testFolders.push(releases.dir, blobDir);
  // No chain unless the test starts one (testChainsConfig): the dev chains' ports are npm start's.
  const chains = { ...config.chains, networks: [], pollMs: 50 };
  return { ...config, releases, blobDir, chains, ...overrides };
}

/**
 * An API on empty tables (see emptyTestDatabase), closed when the test ends. Call it inside a test.
 * `database` swaps in a database the test owns (e.g. one it closes to see the health check fail);
 * `logStream` receives the log lines (set `logLevel` too, the test default is silent).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    mailer?: Mailer;
    database?: AppDatabase;
    logStream?: { write(line: string): void };
    /** Turn the in-memory read cache on, as main.ts does on the embedded database. */
    cacheReads?: boolean;
    /** With cacheReads: false keeps the access reads only, not whole answers (as benchmarks/transactions.ts). */
    cacheAnswers?: boolean;
    walletChain?: WalletChainAccess;
    walletTiming?: WalletTiming;
    now?: () => Date;
    providerAdapters?: ProviderAdapters;
  } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = options.database ?? (await emptyTestDatabase());
  const app = await buildApp({
    config,
    db: database.db,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.cacheReads ? { cacheReads: true } : {}),
    ...(options.cacheAnswers === false ? { cacheAnswers: false } : {}),
    ...(options.walletChain ? { walletChain: options.walletChain } : {}),
    ...(options.walletTiming ? { walletTiming: options.walletTiming } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.providerAdapters ? { providerAdapters: options.providerAdapters } : {}),
  });
  onTestFinished(() => app.close());
  await app.ready();
  return { app, db: database.db, config };
}

/**
 * What an app's read cache is told to forget from now on (an organization, or undefined: everything);
 * it still forgets it.
 */
export function recordForgetting(app: FastifyInstance): (string | undefined)[] {
  const forgotten: (string | undefined)[] = [];
  const { readCache } = app;
  const invalidate = readCache.invalidate.bind(readCache);
  readCache.invalidate = (organizationUid) => {
    forgotten.push(organizationUid);
    invalidate(organizationUid);
  };
  return forgotten;
}

// What buildApp (app.ts) takes, and what the Fastify instance it builds carries for main.ts and the
// tests (its decorations).
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from './blobs/store';
import type { Config } from './config';
import type { Database } from './db/client';
import type { EventBus } from './events/bus';
import type { ClusterLink } from './events/cluster';
import type { ReadCache } from './http/read-cache';
import type { JobRunner, JobRunnerOptions } from './jobs/runner';
import type { HoldingsWatcher } from './modules/holdings/index';
import type { KybService } from './modules/kyb/index';
import type { Mailer } from './modules/mail/index';
import type { InboundService, InboundSmtpListener } from './modules/messages/index';
import type { ProviderAdapters } from './modules/providers/index';
import type { TransferService } from './modules/transfers/index';
import type { UploadService } from './modules/uploads/index';
import type { WalletChainAccess, WalletTiming } from './modules/wallet/index';
import type { WebhookService } from './modules/webhooks/index';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Defaults to SMTP (SMTP_URL) or the outbox. */
  mailer?: Mailer;
  /** Where log lines go (JSON, one per line); stdout by default. Tests capture logs with it. */
  logStream?: { write(line: string): void };
  /** Job runner tuning (tests shorten the lease); main.ts starts it after listen, tests call drain(). */
  jobs?: Pick<JobRunnerOptions, 'pollMs' | 'leaseMs' | 'concurrency'>;
  /**
   * Keep hot reads in memory (sessions, memberships, organization lists, Message Center pages). Exact
   * for one process; with several on PostgreSQL, give them the cluster link so a write in one makes
   * the others forget theirs (see http/read-cache.ts). Off by default: tests write the database directly.
   */
  cacheReads?: boolean;
  /**
   * With cacheReads, also keep whole answers of the routes that name a cacheKey (default: true).
   * Benchmarks turn it off to measure what an answer costs when only the access reads are kept (a
   * page nobody asked for since the last write).
   */
  cacheAnswers?: boolean;
  /** Links this process to the others on the same database (default: none; main.ts links them on PostgreSQL). */
  cluster?: (log: FastifyBaseLogger) => Promise<ClusterLink>;
  /**
   * A chain the wallet deploys on, in place of the configured one of its chain id (default:
   * WALLET_CHAIN at WALLET_RPC_URL, and on the dev chains every other local chain); tests wrap it
   * to watch or interrupt it.
   */
  walletChain?: WalletChainAccess;
  walletTiming?: WalletTiming;
  /** Defaults to the store the configuration names (filesystem under DATA_DIR, or S3). */
  blobs?: BlobStore;
  /** Defaults to the in-process bus. */
  events?: EventBus;
  /** Stands in for the clock of uploads (tests of expired links). */
  now?: () => Date;
  /**
   * Defaults to the adapters the configuration names (api/src/modules/providers/adapters); tests wrap
   * them to count calls.
   */
  providerAdapters?: ProviderAdapters;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job runner (api/src/jobs): modules register their job kinds on it. */
    jobs: JobRunner;
    /** The in-memory read cache (see http/read-cache.ts); writers outside a request call invalidate(). */
    readCache: ReadCache;
    /** Whether routes with a cacheKey keep whole answers in readCache (http/route.ts). */
    cacheAnswers: boolean;
    /** The one event bus behind GET organizations/{uid}/events. */
    events: EventBus;
    blobs: BlobStore;
    inbound: InboundService;
    uploads: UploadService;
    /** The embedded SMTP listener: main.ts starts it (INBOUND_SMTP_PORT); closed with the app. */
    inboundSmtp: InboundSmtpListener;
    /** KYB applications and their review (approvedApplication() for provider onboarding). */
    kyb: KybService;
    /** Quotes, transfers and their ledger (tests ask it to reconcile now). */
    transfers: TransferService;
    /** The balance watcher: main.ts starts it after listen; closed with the app; tests call checkNow(). */
    holdings: HoldingsWatcher;
    /** Outbound webhooks: main.ts starts the sweep for lost bus events; tests call sweep(). */
    webhooks: WebhookService;
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Chains } from '../../chain/index';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { ReadCache } from '../../http/read-cache';
import type { ProviderAdapters } from '../providers/index';

/** What the app gives the transfers module (app.ts, createTransferService). */
export interface TransferServiceDeps {
  db: Database;
  events: EventBus;
  adapters: ProviderAdapters;
  /** The watched networks: deliveries are checked there (verify-delivery.ts). */
  chains: Chains;
  wake: () => void;
  /** Where providers post webhooks: `${webhookBaseUrl}/${providerUid}`. */
  webhookBaseUrl: string;
  /** A transfer the provider has not moved for this long is asked about (reconciliation). */
  staleAfterMs?: number;
  /** The API's read cache (http/read-cache.ts): the list's counts are kept there. */
  readCache?: ReadCache;
  log: FastifyBaseLogger;
  /**
   * Queues the Safe's payment of an off-ramp paid from it, in the transaction that made it due (the
   * safe-transactions module's; app.ts wires it, so neither module imports the other's insides).
   */
  payFromSafe?: (tx: Database, off: { organizationUid: string; transferUid: string }) => Promise<void>;
}

/**
 * What every transfer use case is given, resolved once: the database, the event bus, the provider
 * adapters, the job runner's wake-up, the settings and the clock. The audit record and the jobs are
 * written with the use case's own transaction (recordAudit, enqueueJob), so they need no handle here.
 */
export interface TransferDeps extends Omit<TransferServiceDeps, 'staleAfterMs'> {
  staleAfterMs: number;
  /** Milliseconds since the epoch: a quote's expiry, how long a transfer has been quiet. */
  now: () => number;
}

export function transferDeps(deps: TransferServiceDeps): TransferDeps {
  return { ...deps, staleAfterMs: deps.staleAfterMs ?? 60_000, now: () => Date.now() };
}

/** The audit record's subject type of a transfer, and the prefix of its actions. */
export const SUBJECT = 'transfer';

/** Tells the organization's open pages that a transfer changed; a failure to tell is logged, not thrown. */
export function publishTransferUpdated(
  deps: Pick<TransferDeps, 'events' | 'log'>,
  organizationUid: string,
  transferUid: string,
) {
  return deps.events
    .publish(organizationUid, { type: 'transfer.updated', transferUid })
    .catch((error: unknown) => {
      deps.log.error({ err: error }, 'Publishing a transfer event failed');
    });
}

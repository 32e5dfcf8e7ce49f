import type { TNetworkId } from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Chains } from '../../chain/index';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';

/** What the app gives the holdings module (app.ts, createHoldingsService). */
export interface HoldingsServiceDeps {
  db: Database;
  events: EventBus;
  /** The watched networks (config.chains): their clients, tokens, confirmations and poll interval. */
  chains: Chains;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export interface HoldingsDeps extends HoldingsServiceDeps {
  now: () => Date;
}

/** Tells the organizations' open pages that their holdings on a network changed; a failure is logged. */
export async function publishHoldingsUpdated(
  deps: HoldingsDeps,
  organizationUids: readonly string[],
  network: TNetworkId,
): Promise<void> {
  for (const organizationUid of organizationUids) {
    await deps.events
      .publish(organizationUid, { type: 'holdings.updated', network })
      .catch((error: unknown) => {
        deps.log.error({ err: error, network }, 'Publishing a holdings event failed');
      });
  }
}

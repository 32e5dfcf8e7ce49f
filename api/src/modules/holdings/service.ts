import type { HoldingsDeps, HoldingsServiceDeps } from './deps';
import { getHoldings } from './get-holdings';
import { createHoldingsWatcher } from './watcher';

export type HoldingsService = ReturnType<typeof createHoldingsService>;

/** What the chain shows the organization holds: the watcher that reads it, and the answer that reports it. */
export function createHoldingsService(serviceDeps: HoldingsServiceDeps) {
  const deps: HoldingsDeps = {
    ...serviceDeps,
    log: serviceDeps.log.child({ component: 'holdings' }),
    now: serviceDeps.now ?? (() => new Date()),
  };
  return {
    watcher: createHoldingsWatcher(deps),
    get: (organizationUid: string) => getHoldings(deps, organizationUid),
  };
}

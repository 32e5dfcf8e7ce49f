import type { WatchedNetwork } from '../../chain/index';
import { checkNetwork, type NetworkCheck } from './check-network';
import type { HoldingsDeps } from './deps';

/**
 * The balance watcher: one loop per watched network, each looking (checkNetwork) every pollMs after
 * its last look ended, so a slow chain never piles looks up. main.ts starts it after listen; the app
 * stops it on close (the look under way finishes first). Tests call checkNow() instead of starting it.
 */
export interface HoldingsWatcher {
  start(): void;
  stop(): Promise<void>;
  /** One look at every watched network now (after the look under way, if any); what each found. */
  checkNow(): Promise<Map<string, NetworkCheck | Error>>;
}

export function createHoldingsWatcher(deps: HoldingsDeps): HoldingsWatcher {
  let running = false;
  const timers = new Map<string, NodeJS.Timeout>();
  // Per network, the look under way: looks at one network never overlap.
  const looks = new Map<string, Promise<NetworkCheck | Error>>();

  function look(network: WatchedNetwork): Promise<NetworkCheck | Error> {
    const previous = looks.get(network.network) ?? Promise.resolve(null);
    const next = previous.then(() =>
      checkNetwork(deps, network).catch((error: unknown) => {
        // The database, not the chain (checkNetwork records a chain that does not answer): try next time.
        deps.log.error({ err: error, network: network.network }, 'Checking the network failed');
        return error instanceof Error ? error : new Error(String(error));
      }),
    );
    looks.set(network.network, next);
    return next;
  }

  function schedule(network: WatchedNetwork, delayMs: number): void {
    if (!running) return;
    const timer = setTimeout(() => {
      void look(network).then(() => schedule(network, deps.chains.pollMs));
    }, delayMs);
    timer.unref();
    timers.set(network.network, timer);
  }

  return {
    start() {
      if (running) return;
      running = true;
      for (const network of deps.chains.list()) schedule(network, 0);
    },
    async stop() {
      running = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(looks.values());
    },
    async checkNow() {
      const networks = deps.chains.list();
      const found = await Promise.all(networks.map((network) => look(network)));
      return new Map(
        networks.map((network, index) => [network.network, found[index] as NetworkCheck | Error]),
      );
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Chains } from '../../chain/index';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { ReadCache } from '../../http/read-cache';
import type { WalletChainAccess, WalletChains } from '../wallet/index';

/** What the app gives the Safe transactions module. */
export interface SafeTransactionDeps {
  db: Database;
  events: EventBus;
  /** The Safe's chains (the wallet module's access to each: nonce, owners, the relayer). */
  walletChains: WalletChains;
  /** The watched networks' token records (a local dev chain's test tokens). */
  chains: Chains;
  log: FastifyBaseLogger;
  /** The API's read cache (http/read-cache.ts): the Safe's signers, who name its owners, are kept there. */
  readCache?: ReadCache;
  /** Wakes the job runner after a commit that queued an execution. */
  wake: () => void;
}

/** The access to the chain a Safe transaction is on (the Safe's nonces are the chain's own). */
export function chainOfSafe(deps: SafeTransactionDeps, chainId: number): WalletChainAccess {
  const chain = deps.walletChains.of(chainId);
  if (!chain) throw new Error(`This API has no access to chain ${chainId}`);
  return chain;
}

/** Tells the organization's open pages that a Safe transaction changed; a failure is logged. */
export async function publishSafeTransactionUpdated(
  deps: SafeTransactionDeps,
  organizationUid: string,
  safeTxHash: string,
): Promise<void> {
  await deps.events
    .publish(organizationUid, { type: 'safe_transaction.updated', safeTxHash })
    .catch((error: unknown) =>
      deps.log.error({ err: error, safeTxHash }, 'Publishing a Safe transaction event failed'),
    );
}

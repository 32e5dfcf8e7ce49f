import type { FastifyBaseLogger } from 'fastify';
import type { Chains } from '../../chain/index';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { WalletChainAccess } from '../wallet/index';

/** What the app gives the Safe transactions module. */
export interface SafeTransactionDeps {
  db: Database;
  events: EventBus;
  /** The Safe's chain (the wallet module's access: nonce, owners, the relayer). */
  walletChain: WalletChainAccess;
  /** The watched networks' token records (a local dev chain's test tokens). */
  chains: Chains;
  log: FastifyBaseLogger;
  /** Wakes the job runner after a commit that queued an execution. */
  wake: () => void;
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

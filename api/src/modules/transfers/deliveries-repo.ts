import { and, eq } from 'drizzle-orm';
import { chainTransferColumns, type TokenTransferLog } from '../../chain/index';
import type { Database } from '../../db/client';
import { chainTransfers } from '../../db/schema';

// The token movements booked from the chain (chain_transfers): the deliveries the transfers module
// counted (kind 'delivery'), what the organization's Safe sent (kind 'safe_transfer') and the
// incoming deposits holdings books (kind 'incoming'); one row per Transfer log and kind.

/** The transfer a log already completed, if any. */
export async function findDeliveryOwner(
  db: Database,
  chainId: number,
  log: Pick<TokenTransferLog, 'txHash' | 'logIndex'>,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ transferUid: chainTransfers.transferUid })
    .from(chainTransfers)
    .where(
      and(
        eq(chainTransfers.kind, 'delivery'),
        eq(chainTransfers.chainId, chainId),
        eq(chainTransfers.txHash, log.txHash),
        eq(chainTransfers.logIndex, log.logIndex),
      ),
    );
  return row ? row.transferUid : undefined;
}

/** What a chain_transfers row says besides its log: its kind and whose movement it is. */
export type ChainTransferOwner = Pick<
  typeof chainTransfers.$inferInsert,
  'kind' | 'organizationUid' | 'transferUid' | 'walletUid' | 'holder'
>;

/**
 * Records one Transfer log as a row of its kind: a transfer's delivery (verify-delivery), what the
 * organization's Safe sent (safe-transactions' execution job), an incoming deposit (holdings). Its
 * uid, or null when the log was already recorded as that kind (a re-read, or counted by another).
 */
export async function insertChainTransfer(
  db: Database,
  { chainId, network, log }: { chainId: number; network: string; log: TokenTransferLog },
  owner: ChainTransferOwner,
): Promise<string | null> {
  const [row] = await db
    .insert(chainTransfers)
    .values({ ...chainTransferColumns(log, chainId, network), ...owner })
    .onConflictDoNothing()
    .returning({ uid: chainTransfers.uid });
  return row?.uid ?? null;
}

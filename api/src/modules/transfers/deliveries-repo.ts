import { and, eq } from 'drizzle-orm';
import { chainTransferColumns, type TokenTransferLog } from '../../chain/index';
import type { Database } from '../../db/client';
import { chainTransfers } from '../../db/schema';

// The token movements the transfers module books from the chain (chain_transfers): the deliveries
// it counted (kind 'delivery') and what the organization's Safe sent (kind 'safe_transfer'); one
// row per Transfer log, unique by (chain id, transaction hash, log index).

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

/** Counts a log as a transfer's delivery; false when the log was already counted (by anyone). */
export async function insertDelivery(
  db: Database,
  values: {
    chainId: number;
    network: string;
    log: TokenTransferLog;
    organizationUid: string;
    transferUid: string;
  },
): Promise<boolean> {
  const { log } = values;
  const inserted = await db
    .insert(chainTransfers)
    .values({
      ...chainTransferColumns(log, values.chainId, values.network),
      kind: 'delivery',
      organizationUid: values.organizationUid,
      transferUid: values.transferUid,
    })
    .onConflictDoNothing()
    .returning({ uid: chainTransfers.uid });
  return inserted.length > 0;
}

/**
 * Records the log of tokens the organization's Safe sent (kind 'safe_transfer', safe-transactions'
 * execution job, in its transaction), to the registered wallet it paid if any; null when it was
 * already recorded. Its uid is what postSafeTransfer books.
 */
export async function insertSafeTransferLog(
  db: Database,
  values: {
    chainId: number;
    network: string;
    log: TokenTransferLog;
    organizationUid: string;
    walletUid: string | null;
  },
): Promise<string | null> {
  const [row] = await db
    .insert(chainTransfers)
    .values({
      ...chainTransferColumns(values.log, values.chainId, values.network),
      kind: 'safe_transfer',
      organizationUid: values.organizationUid,
      walletUid: values.walletUid,
    })
    .onConflictDoNothing()
    .returning({ uid: chainTransfers.uid });
  return row?.uid ?? null;
}

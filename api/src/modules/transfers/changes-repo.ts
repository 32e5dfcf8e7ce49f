import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { transferEvents, transfers } from '../../db/schema';

// The transfers' status changes (transfer_events, append-only) as other modules read them: the
// webhooks module words a transfer.updated bus event from them, and its sweep finds the changes
// whose bus event was never published.

/** The status changes of one of the organization's transfers, oldest first, with its type. */
export function transferStatusChanges(db: Database, organizationUid: string, transferUid: string) {
  return db
    .select({
      id: transferEvents.id,
      type: transfers.type,
      fromStatus: transferEvents.fromStatus,
      toStatus: transferEvents.toStatus,
      createdAt: transferEvents.createdAt,
    })
    .from(transferEvents)
    .innerJoin(transfers, eq(transfers.uid, transferEvents.transferUid))
    .where(and(eq(transfers.uid, transferUid), eq(transfers.organizationUid, organizationUid)))
    .orderBy(asc(transferEvents.id));
}

/** The uids of the organization's transfers whose status changed since `since`. */
export async function transfersChangedSince(
  db: Database,
  organizationUid: string,
  since: Date,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ transferUid: transferEvents.transferUid })
    .from(transferEvents)
    .innerJoin(transfers, eq(transfers.uid, transferEvents.transferUid))
    .where(and(eq(transfers.organizationUid, organizationUid), gte(transferEvents.createdAt, since)));
  return rows.map((row) => row.transferUid);
}

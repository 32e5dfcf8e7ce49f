import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/runner';
import type { TransferDeps } from './deps';

// The transfers' jobs: their kinds, their payload, and the submit job's enqueue (written in the
// transaction that makes the transfer due, so the job exists exactly when that change committed).

export const SUBMIT_JOB_KIND = 'transfer.submit';
export const RECONCILE_JOB_KIND = 'transfer.reconcile';
export const ZTransferJob = z.object({ transferUid: z.uuid() });
export type TransferJob = z.infer<typeof ZTransferJob>;

/** Queues the call that tells the provider of the transfer (once per transfer: the key). */
export async function enqueueSubmit(tx: Database, transferUid: string) {
  await enqueueJob(tx, {
    kind: SUBMIT_JOB_KIND,
    payload: { transferUid },
    key: `${SUBMIT_JOB_KIND}:${transferUid}`,
  });
}

/**
 * Queues what a transfer that became due needs, in the transaction that made it so: the provider's
 * call, and for an off-ramp paid from the Safe, the Safe's payment (proposed once the provider names
 * its deposit address).
 */
export async function enqueueDue(
  deps: TransferDeps,
  tx: Database,
  transfer: { uid: string; organizationUid: string; safeAddress: string | null },
) {
  await enqueueSubmit(tx, transfer.uid);
  if (transfer.safeAddress) {
    await deps.payFromSafe?.(tx, { organizationUid: transfer.organizationUid, transferUid: transfer.uid });
  }
}

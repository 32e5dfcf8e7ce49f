import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/runner';

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

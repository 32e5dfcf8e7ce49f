import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/runner';
import { eventKey, type NotificationEvent } from './events';

export const DISPATCH_JOB = 'notification.dispatch';

/**
 * Tells the notifications what happened, in the transaction of the change: a job that picks the
 * recipients after the commit (dispatch.ts). Telling the same event twice queues it once. The
 * caller wakes the job runner after its commit, as for any job.
 */
export async function notify(tx: Database, event: NotificationEvent): Promise<void> {
  await enqueueJob(tx, { kind: DISPATCH_JOB, payload: event, key: `${DISPATCH_JOB}:${eventKey(event)}` });
}

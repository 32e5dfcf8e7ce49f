import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob, type JobDefinition } from '../../jobs/runner';
import { recordWebhookEvents } from './record-events';
import { listOrganizationsWithActiveEndpoints } from './repo';
import { changesSince } from './sources';

// At least once, even across a crash: webhook events are recorded from bus events, which are
// published after their change's commit, so a process that dies in between never publishes that
// one. The sweep reads what changed since its last run from the records themselves and records it
// again; a webhook event is unique per source, so only what was missed becomes a delivery.
//
// A chain of jobs on the one job runner, one per SWEEP_EVERY_MS slot of the clock, each keyed by
// its slot, so an API process that starts a chain (main.ts, at every start) joins the one already
// running, whatever minute it starts in, instead of starting another. The first sweep after a start looks back a day (what a
// process that was down missed); the next ones from their predecessor's start, with a margin for
// transactions that committed late.

export const SWEEP_JOB = 'webhooks.sweep';
export const SWEEP_EVERY_MS = 5 * 60 * 1000;
const LOOK_BACK_AT_START_MS = 24 * 60 * 60 * 1000;
const COMMIT_MARGIN_MS = 60 * 1000;

const ZSweep = z.object({ since: z.string().datetime() });

/** The start of the slot `at` falls in: every sweep job is due at one, and keyed by it. */
const slotOf = (at: Date) => new Date(Math.floor(at.getTime() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS);
const sweepKey = (slot: Date) => `${SWEEP_JOB}@${slot.toISOString()}`;

/** Records the webhook events of every change since `since` that has none yet; returns the deliveries queued. */
export async function sweepMissedEvents(db: Database, since: Date): Promise<number> {
  let queued = 0;
  for (const organizationUid of await listOrganizationsWithActiveEndpoints(db)) {
    for (const event of await changesSince(db, organizationUid, since)) {
      queued += await recordWebhookEvents(db, organizationUid, event);
    }
  }
  return queued;
}

/** Starts the chain now, looking back a day (a no-op when the chain has this slot's sweep already). */
export async function startSweeping(db: Database, now: Date): Promise<void> {
  await enqueueJob(db, {
    kind: SWEEP_JOB,
    payload: { since: new Date(now.getTime() - LOOK_BACK_AT_START_MS).toISOString() },
    key: sweepKey(slotOf(now)),
  });
}

export function sweepJob(deps: {
  db: Database;
  now: () => Date;
  wake: () => void;
}): JobDefinition<z.infer<typeof ZSweep>> {
  return {
    kind: SWEEP_JOB,
    payload: ZSweep,
    maxAttempts: 3,
    async handle({ since }, context) {
      const started = deps.now();
      const queued = await sweepMissedEvents(deps.db, new Date(since));
      if (queued > 0) {
        context.log.warn({ queued, since }, 'Recorded webhook events the event bus had missed');
        deps.wake();
      }
      const next = new Date(slotOf(started).getTime() + SWEEP_EVERY_MS);
      await enqueueJob(deps.db, {
        kind: SWEEP_JOB,
        payload: { since: new Date(started.getTime() - COMMIT_MARGIN_MS).toISOString() },
        key: sweepKey(next),
        delayMs: next.getTime() - started.getTime(),
      });
    },
  };
}

import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/runner';
import { notifyApprovalStep } from './approval-mail';
import { findTransfer } from './repo';

// Approval mails queued before the notifications module (issue 52) sit in the jobs table under
// their old kind, one per recipient, and no handler of this version claims them. Each is told to
// the notifications now, as the step would be today (its recipients and their preferences as they
// are): the step's mails are one notification, so its several old jobs mail each member once.

export const RETIRED_APPROVAL_MAIL_JOB = 'transfer.approval-mail';

const ZRetiredApprovalMail = z.object({
  organizationUid: z.string(),
  transferUid: z.string(),
  kind: z.enum(['requested', 'approved', 'rejected']),
  to: z.string(),
  actor: z.string(),
  note: z.string().nullable(),
});

export function retiredApprovalMailJob(deps: {
  db: Database;
  wake: () => void;
}): JobDefinition<z.infer<typeof ZRetiredApprovalMail>> {
  return {
    kind: RETIRED_APPROVAL_MAIL_JOB,
    payload: ZRetiredApprovalMail,
    async handle(job) {
      const transfer = await findTransfer(deps.db, job.organizationUid, job.transferUid);
      if (!transfer) return;
      await deps.db.transaction((tx) =>
        notifyApprovalStep(tx, {
          organizationUid: job.organizationUid,
          transferUid: job.transferUid,
          kind: job.kind,
          creatorUid: transfer.createdBy?.uid ?? null,
          actor: job.actor,
          note: job.note,
        }),
      );
      deps.wake();
    },
  };
}

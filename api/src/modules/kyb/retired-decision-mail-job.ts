import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/runner';
import { notify } from '../notifications/index';
import { findApplication } from './repo';

// KYB decision mails queued before the notifications module (issue 52), one per Admin, under their
// old kind: each tells the notifications of the decision now (one notification per decision and
// version, so its several old jobs mail each Admin once), unless the application moved on since.

export const RETIRED_DECISION_MAIL_JOB = 'kyb.decision-mail';

const ZRetiredDecisionMail = z.object({
  organizationUid: z.string(),
  to: z.string(),
  decision: z.enum(['Approved', 'Rejected', 'ChangesRequested']),
  note: z.string().nullable(),
  version: z.number().int(),
});

export function retiredDecisionMailJob(deps: {
  db: Database;
  wake: () => void;
}): JobDefinition<z.infer<typeof ZRetiredDecisionMail>> {
  return {
    kind: RETIRED_DECISION_MAIL_JOB,
    payload: ZRetiredDecisionMail,
    async handle(job) {
      const application = await findApplication(deps.db, job.organizationUid);
      if (!application || application.version !== job.version) return;
      await deps.db.transaction((tx) =>
        notify(tx, {
          type: 'kyb.decided',
          organizationUid: job.organizationUid,
          applicationUid: application.uid,
          version: job.version,
          decision: job.decision,
          note: job.note,
        }),
      );
      deps.wake();
    },
  };
}

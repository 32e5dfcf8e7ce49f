import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/runner';
import { findSafeTransactionByUid } from './repo';
import { notifySignatureRequest } from './signature-request';

// Signature mails queued before the notifications module (issue 52), one per owner, under their
// old kind: each tells the notifications of the proposal now (one notification per proposal, so
// its several old jobs mail each owner whose confirmation is still missing once).

export const RETIRED_SIGNATURE_MAIL_JOB = 'safe_transaction.signature-mail';

const ZRetiredSignatureMail = z.object({ safeTransactionUid: z.string(), userUid: z.string() });

export function retiredSignatureMailJob(deps: {
  db: Database;
  wake: () => void;
}): JobDefinition<z.infer<typeof ZRetiredSignatureMail>> {
  return {
    kind: RETIRED_SIGNATURE_MAIL_JOB,
    payload: ZRetiredSignatureMail,
    async handle(job) {
      const proposal = await findSafeTransactionByUid(deps.db, job.safeTransactionUid);
      if (!proposal) return;
      await deps.db.transaction((tx) => notifySignatureRequest(tx, proposal));
      deps.wake();
    },
  };
}

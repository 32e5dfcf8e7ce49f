import { createHash } from 'node:crypto';
import { paths } from '@dash/shared/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob, type JobDefinition } from '../../jobs/runner';
import { findUserEmail } from '../auth/index';
import { findLocaleOfEmail, type Mailer, offRampApprovalMail } from '../mail/index';
import { listMemberEmails } from '../members/index';
import { findOrganizationName } from '../organization/index';
import { findTransfer } from './repo';

export const APPROVAL_MAIL_JOB_KIND = 'transfer.approval-mail';

const ZApprovalMailJob = z.object({
  organizationUid: z.string(),
  transferUid: z.string(),
  kind: z.enum(['requested', 'approved', 'rejected']),
  to: z.string(),
  /** Who decided (approved, rejected); the creator for a request. */
  actor: z.string(),
  note: z.string().nullable(),
});
type ApprovalMailJob = z.infer<typeof ZApprovalMailJob>;

/**
 * Queues the mails of one step of an off-ramp's approval, in the transaction of the step (the job
 * runner sends them after the commit, retrying a mail server that is down): a request goes to every
 * Admin and Editor but its creator; a decision to the creator.
 */
export async function enqueueApprovalMails(
  tx: Database,
  step: Omit<ApprovalMailJob, 'to'> & { creatorUid: string | null },
): Promise<void> {
  const { creatorUid, ...mail } = step;
  const recipients =
    mail.kind === 'requested'
      ? await listMemberEmails(tx, mail.organizationUid, ['Admin', 'Editor'], creatorUid)
      : creatorUid
        ? [await findUserEmail(tx, creatorUid)].filter((email) => email !== undefined)
        : [];
  for (const email of recipients) {
    await enqueueJob(tx, {
      kind: APPROVAL_MAIL_JOB_KIND,
      payload: { ...mail, to: email },
      key: `${APPROVAL_MAIL_JOB_KIND}:${mail.transferUid}:${mail.kind}:${email}`,
    });
  }
}

/** Sends one approval mail, in the recipient's language, with a link to the transfer. */
export function approvalMailJob(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}): JobDefinition<ApprovalMailJob> {
  return {
    kind: APPROVAL_MAIL_JOB_KIND,
    payload: ZApprovalMailJob,
    maxAttempts: 8,
    async handle(job, context) {
      const organization = await findOrganizationName(deps.db, job.organizationUid);
      const transfer = await findTransfer(deps.db, job.organizationUid, job.transferUid);
      if (!organization || !transfer) return;
      const locale = (await findLocaleOfEmail(deps.db, job.to)) ?? 'en';
      const mail = offRampApprovalMail(locale, {
        kind: job.kind,
        organizationName: organization.name,
        amount: `${transfer.sourceAmount} ${transfer.sourceCurrency}`,
        beneficiary: transfer.bankBeneficiary?.name ?? '',
        creator: transfer.createdBy?.email ?? job.actor,
        actor: job.actor,
        note: job.note,
        link: `${deps.publicUrl}${paths.org.rails.transaction(organization.slug, transfer.uid)}`,
      });
      const recipient = createHash('sha256').update(job.to).digest('hex').slice(0, 16);
      // Fixed per step and recipient: a send repeated after a crash is the same mail.
      await deps.mailer.send({
        to: job.to,
        ...mail,
        messageId: `<transfer-${job.transferUid}-${job.kind}-${recipient}@dash.transfers>`,
      });
      context.log.info({ transferUid: job.transferUid, kind: job.kind }, 'Off-ramp approval mailed');
    },
  };
}

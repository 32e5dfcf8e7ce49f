import { createHash } from 'node:crypto';
import { paths, ZUid } from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { safeTransactions } from '../../db/schema';
import { enqueueJob, type JobDefinition } from '../../jobs/runner';
import { findLocaleOfEmail, type Mailer, safeSignatureMail } from '../mail/index';
import { findOrganizationName } from '../organization/index';
import { listSigners } from '../wallet/index';
import { confirmationsOf } from './repo';

// The owners a proposed Safe transaction waits for are told once, by mail, through the job runner
// (queued in the proposal's transaction): each member whose signing device holds one of its owner
// keys, but the member who proposed it. The mail is sent only while that owner's confirmation is
// still missing, in the recipient's language, with a link to the transaction's page.

export const SIGNATURE_MAIL_JOB = 'safe_transaction.signature-mail';
const ZSignatureMail = z.object({ safeTransactionUid: ZUid, userUid: ZUid });
type SignatureMail = z.infer<typeof ZSignatureMail>;

/** Queues one mail per owner the transaction waits for (the proposer aside). */
export async function enqueueSignatureMails(
  tx: Database,
  proposal: { uid: string; organizationUid: string; owners: readonly string[]; proposedBy: string | null },
): Promise<void> {
  const owners = new Set(proposal.owners.map((owner) => getAddress(owner)));
  const signers = await listSigners(tx, proposal.organizationUid);
  for (const signer of signers) {
    if (!signer.ethAddress || !owners.has(getAddress(signer.ethAddress))) continue;
    if (signer.uid === proposal.proposedBy) continue;
    await enqueueJob(tx, {
      kind: SIGNATURE_MAIL_JOB,
      payload: { safeTransactionUid: proposal.uid, userUid: signer.uid },
      key: `${SIGNATURE_MAIL_JOB}:${proposal.uid}:${signer.uid}`,
    });
  }
}

export function signatureMailJob(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}): JobDefinition<SignatureMail> {
  return {
    kind: SIGNATURE_MAIL_JOB,
    payload: ZSignatureMail,
    maxAttempts: 8,
    async handle(job, context) {
      const [row] = await deps.db
        .select()
        .from(safeTransactions)
        .where(eq(safeTransactions.uid, job.safeTransactionUid));
      if (row?.status !== 'awaiting_confirmations') return;
      const signer = (await listSigners(deps.db, row.organizationUid)).find(
        (candidate) => candidate.uid === job.userUid,
      );
      const organization = await findOrganizationName(deps.db, row.organizationUid);
      if (!signer?.ethAddress || !organization) return;
      const owner = getAddress(signer.ethAddress);
      const confirmed = await confirmationsOf(deps.db, [row.uid]);
      if (confirmed.some((confirmation) => getAddress(confirmation.owner) === owner)) return;
      const locale = (await findLocaleOfEmail(deps.db, signer.email)) ?? 'en';
      const mail = safeSignatureMail(locale, {
        organizationName: organization.name,
        nonce: row.nonce,
        transfer: row.transfer
          ? {
              amount: `${row.transfer.amount} ${row.transfer.symbol}`,
              recipient: row.transfer.recipient.name,
            }
          : null,
        link: `${deps.publicUrl}${paths.org.wallet.transaction(organization.slug, row.safeTxHash)}`,
      });
      const recipient = createHash('sha256').update(signer.email).digest('hex').slice(0, 16);
      // Fixed per transaction and recipient: a send repeated after a crash is the same mail.
      await deps.mailer.send({
        to: signer.email,
        ...mail,
        messageId: `<safe-${row.safeTxHash}-${recipient}@dash.wallet>`,
      });
      context.log.info({ safeTxHash: row.safeTxHash }, 'Signature request mailed');
    },
  };
}

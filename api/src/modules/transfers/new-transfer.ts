import type { TTransfer } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import type { OrganizationContext } from '../../http/guards';
import type { IdempotentWork } from '../../http/idempotency';
import { recordAudit, userActor } from '../audit/index';
import { notifyApprovalStep } from './approval-mail';
import { publishTransferUpdated, SUBJECT, type TransferDeps } from './deps';
import { enqueueDue } from './jobs';
import { postPending } from './ledger';
import {
  findTransfer,
  insertTransfer,
  insertTransferEvent,
  markQuoteUsed,
  type NewTransferRow,
  type QuoteRow,
} from './repo';

// The last step of every use case that creates a transfer (on-ramp, off-ramp, deposit): the
// transfer is written with its pending ledger lines, its first event, its audit record and the job
// that tells the provider (or, above the threshold, the mails that ask for approval), in the
// caller's transaction; the provider is called after the commit.

/** What a transfer copies from the quote it accepts. */
export function fromQuote(row: QuoteRow) {
  return {
    providerUid: row.providerUid,
    quoteUid: row.uid,
    network: row.network,
    fiatCurrency: row.fiatCurrency,
    sourceCurrency: row.sourceCurrency,
    sourceAmount: row.sourceAmount,
    targetCurrency: row.targetCurrency,
    targetAmount: row.targetAmount,
    rate: row.rate,
    fee: row.fee,
    feeCurrency: row.feeCurrency,
  };
}

/** The transfer as the API answers it, read in the transaction that just wrote it. */
export async function transferAnswer(tx: Database, organizationUid: string, uid: string): Promise<TTransfer> {
  const transfer = await findTransfer(tx, organizationUid, uid);
  if (!transfer) throw new Error('transfer vanished');
  return transfer;
}

/** Writes a new transfer with its first event, pending ledger lines, audit and (unless it waits for approval) its job. */
export async function writeNewTransfer(
  deps: TransferDeps,
  tx: Database,
  context: OrganizationContext,
  row: Omit<NewTransferRow, 'organizationUid' | 'createdBy'>,
): Promise<IdempotentWork<{ data: TTransfer }>> {
  const organizationUid = context.organization.uid;
  const transfer = await insertTransfer(tx, { ...row, organizationUid, createdBy: context.user.uid });
  await markQuoteUsed(tx, transfer.quoteUid, transfer.uid);
  await insertTransferEvent(tx, {
    transferUid: transfer.uid,
    fromStatus: null,
    toStatus: transfer.status,
    source: 'user',
  });
  await postPending(tx, transfer);
  await recordAudit(tx, {
    organizationUid,
    actor: userActor(context.user),
    action: `${SUBJECT}.created`,
    subjectType: SUBJECT,
    subjectUid: transfer.uid,
    to: transfer.status,
    data: {
      type: transfer.type,
      sourceAmount: transfer.sourceAmount,
      sourceCurrency: transfer.sourceCurrency,
      targetAmount: transfer.targetAmount,
      targetCurrency: transfer.targetCurrency,
      providerUid: transfer.providerUid,
      // Accepting a quote is creating its transfer: this one row records both.
      quoteUid: transfer.quoteUid,
    },
  });
  const submits = transfer.status === 'awaiting_funds';
  if (submits) await enqueueDue(deps, tx, transfer);
  // Above the threshold: the members who may decide are told by mail.
  const asksApproval = transfer.status === 'awaiting_approval';
  if (asksApproval) {
    await notifyApprovalStep(tx, {
      organizationUid,
      transferUid: transfer.uid,
      kind: 'requested',
      creatorUid: context.user.uid,
      actor: context.user.email,
      note: null,
    });
  }
  return {
    answer: { data: await transferAnswer(tx, organizationUid, transfer.uid) },
    afterCommit: async () => {
      if (submits || asksApproval) deps.wake();
      await publishTransferUpdated(deps, organizationUid, transfer.uid);
    },
  };
}

import type { TNotificationKind } from '@dash/shared/contracts';
import { z } from 'zod';

// What happened, as the module that made it happen tells it (notify, in its transaction). An event
// carries the facts its mail words at the time they were true (an amount, a note), and the people
// only the telling module knows (a transfer's creator, a conversation's participants); who of them
// is told, and how, is this module's decision (recipients.ts).

const ZOrganizationUid = z.string();

const ZApprovalFacts = {
  organizationUid: ZOrganizationUid,
  transferUid: z.string(),
  /** The member who created the off-ramp (null: the account is gone). */
  creatorUid: z.string().nullable(),
  /** The creator's e-mail as the mail names them. */
  creator: z.string(),
  /** `1500.00 testbrz`: the exact decimal and its currency. */
  amount: z.string(),
  beneficiary: z.string(),
};

export const ZNotificationEvent = z.discriminatedUnion('type', [
  /** An off-ramp above the threshold waits for a second member. */
  z.object({ type: z.literal('transfer.approval_requested'), ...ZApprovalFacts }),
  /** Another member approved or rejected the creator's off-ramp. */
  z.object({
    type: z.literal('transfer.approval_decided'),
    ...ZApprovalFacts,
    decision: z.enum(['approved', 'rejected']),
    actor: z.string(),
    note: z.string().nullable(),
  }),
  /** A transfer reached completed, failed or returned. */
  z.object({
    type: z.literal('transfer.finished'),
    organizationUid: ZOrganizationUid,
    transferUid: z.string(),
    transferType: z.enum(['on_ramp', 'off_ramp', 'deposit']),
    outcome: z.enum(['completed', 'failed', 'returned']),
    creatorUid: z.string().nullable(),
    amount: z.string(),
    reason: z.string().nullable(),
  }),
  /** A Safe transaction was proposed: its owners but the proposer are asked to sign. */
  z.object({
    type: z.literal('safe_transaction.proposed'),
    organizationUid: ZOrganizationUid,
    safeTransactionUid: z.string(),
    safeTxHash: z.string(),
    nonce: z.number().int(),
    owners: z.array(z.string()),
    proposedBy: z.string().nullable(),
    transfer: z.object({ amount: z.string(), recipient: z.string() }).nullable(),
  }),
  /** An operator decided the KYB application (one version of it). */
  z.object({
    type: z.literal('kyb.decided'),
    organizationUid: ZOrganizationUid,
    applicationUid: z.string(),
    version: z.number().int(),
    decision: z.enum(['Approved', 'Rejected', 'ChangesRequested']),
    note: z.string().nullable(),
  }),
  /** A provider's mail was stored in a conversation. */
  z.object({
    type: z.literal('message.received'),
    organizationUid: ZOrganizationUid,
    threadUid: z.string(),
    messageUid: z.string(),
    provider: z.string(),
    conversation: z.string(),
    snippet: z.string(),
    /** The members who started the conversation or wrote in it. */
    participantUids: z.array(z.string()),
  }),
]);
export type NotificationEvent = z.infer<typeof ZNotificationEvent>;

/** Which preference an event's mail falls under. */
export function kindOf(event: NotificationEvent): TNotificationKind {
  switch (event.type) {
    case 'transfer.approval_requested':
    case 'transfer.approval_decided':
      return 'transfer_approval';
    case 'transfer.finished':
      return 'transfer_outcome';
    case 'safe_transaction.proposed':
      return 'signature_request';
    case 'kyb.decided':
      return 'kyb_decision';
    case 'message.received':
      return 'provider_message';
  }
}

/** Names the event once: the same event told twice is one notification. */
export function eventKey(event: NotificationEvent): string {
  switch (event.type) {
    case 'transfer.approval_requested':
      return `transfer:${event.transferUid}:requested`;
    case 'transfer.approval_decided':
      return `transfer:${event.transferUid}:${event.decision}`;
    case 'transfer.finished':
      return `transfer:${event.transferUid}:${event.outcome}`;
    case 'safe_transaction.proposed':
      return `safe:${event.safeTransactionUid}`;
    case 'kyb.decided':
      return `kyb:${event.applicationUid}:${event.version}`;
    case 'message.received':
      return `message:${event.messageUid}`;
  }
}

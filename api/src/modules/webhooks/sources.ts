import type { TOrganizationEvent, TWebhookEventType } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { findKybApplication, kybDecidedSince } from '../kyb/index';
import { findMessageOrigin, inboundMessagesSince } from '../messages/index';
import {
  listSafeTransactionsByHash,
  safeTransactionConfirmationsOf,
  safeTxHashesChangedSince,
} from '../safe-transactions/index';
import { transferStatusChanges, transfersChangedSince } from '../transfers/index';

/** Something that happened, as a webhook event: its type, what it is (once per source) and its data. */
export interface Happening {
  type: TWebhookEventType;
  sourceKey: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

/** The bus events that may stand for a webhook event. */
export const SOURCE_EVENT_TYPES = new Set<TOrganizationEvent['type']>([
  'transfer.updated',
  'safe_transaction.updated',
  'message.created',
  'kyb.updated',
]);

const KYB_DECISIONS = ['Approved', 'Rejected', 'ChangesRequested'] as const;

/**
 * What a bus event stands for, read from the records the change left (bus events name what changed
 * and carry no content): a transfer's status-change rows, a Safe transaction's proposal,
 * confirmations and execution, an inbound message, a KYB decision. Every row read here is
 * append-only or moves forward only, so reading it again later gives the same happenings.
 */
export async function happeningsOf(
  db: Database,
  organizationUid: string,
  event: TOrganizationEvent,
): Promise<Happening[]> {
  switch (event.type) {
    case 'transfer.updated':
      return transferHappenings(db, organizationUid, event.transferUid);
    case 'safe_transaction.updated':
      return safeTransactionHappenings(db, organizationUid, event.safeTxHash);
    case 'message.created':
      return messageHappenings(db, organizationUid, event.messageUid);
    case 'kyb.updated':
      return kybHappenings(db, organizationUid);
    default:
      return [];
  }
}

async function transferHappenings(db: Database, organizationUid: string, transferUid: string) {
  const rows = await transferStatusChanges(db, organizationUid, transferUid);
  return rows.map(
    (row): Happening => ({
      type: row.fromStatus === null ? 'transfer.created' : 'transfer.status_changed',
      sourceKey: `transfer_event:${row.id}`,
      occurredAt: row.createdAt,
      data: {
        transferUid,
        transferType: row.type,
        status: row.toStatus,
        ...(row.fromStatus === null ? {} : { previousStatus: row.fromStatus }),
      },
    }),
  );
}

async function safeTransactionHappenings(db: Database, organizationUid: string, safeTxHash: string) {
  const proposals = await listSafeTransactionsByHash(db, organizationUid, safeTxHash);
  if (proposals.length === 0) return [];
  const confirmations = await safeTransactionConfirmationsOf(
    db,
    proposals.map((row) => row.uid),
  );
  const happenings: Happening[] = [];
  for (const proposal of proposals) {
    const about = {
      safeTxHash,
      chainId: proposal.chainId,
      nonce: proposal.nonce,
      threshold: proposal.threshold,
    };
    happenings.push({
      type: 'safe_transaction.proposed',
      sourceKey: `safe_transaction:${proposal.uid}:proposed`,
      occurredAt: proposal.createdAt,
      data: about,
    });
    const own = confirmations.filter((row) => row.safeTransactionUid === proposal.uid);
    own.forEach((confirmation, index) => {
      happenings.push({
        type: 'safe_transaction.confirmed',
        sourceKey: `safe_transaction:${proposal.uid}:confirmed:${confirmation.owner}`,
        occurredAt: confirmation.createdAt,
        data: { ...about, owner: confirmation.owner, confirmations: index + 1 },
      });
    });
    if (proposal.status === 'executed') {
      happenings.push({
        type: 'safe_transaction.executed',
        sourceKey: `safe_transaction:${proposal.uid}:executed`,
        occurredAt: proposal.updatedAt,
        data: { ...about, executionTxHash: proposal.executionTxHash },
      });
    }
  }
  return happenings;
}

async function messageHappenings(db: Database, organizationUid: string, messageUid: string) {
  const row = await findMessageOrigin(db, organizationUid, messageUid);
  if (row?.direction !== 'inbound') return [];
  return [
    {
      type: 'message.received' as const,
      sourceKey: `message:${messageUid}`,
      occurredAt: row.createdAt,
      data: { threadUid: row.threadUid, messageUid },
    },
  ];
}

async function kybHappenings(db: Database, organizationUid: string) {
  const row = await findKybApplication(db, organizationUid);
  const decision = KYB_DECISIONS.find((status) => status === row?.status);
  if (!row || !decision || !row.decidedAt) return [];
  return [
    {
      type: 'kyb.decided' as const,
      sourceKey: `kyb:${row.uid}:${row.version}`,
      occurredAt: row.decidedAt,
      data: { decision },
    },
  ];
}

/**
 * The bus events that stand for what changed in an organization since `since`, read from the same
 * records (the sweep's view, for changes whose bus event was never published: a process that died
 * between a commit and its publish). Recording them again is a no-op for those already recorded.
 */
export async function changesSince(
  db: Database,
  organizationUid: string,
  since: Date,
): Promise<TOrganizationEvent[]> {
  const changedTransfers = await transfersChangedSince(db, organizationUid, since);
  const changedSafeTransactions = await safeTxHashesChangedSince(db, organizationUid, since);
  const inbound = await inboundMessagesSince(db, organizationUid, since);
  const decided = await kybDecidedSince(db, organizationUid, since);
  return [
    ...changedTransfers.map((transferUid) => ({ type: 'transfer.updated' as const, transferUid })),
    ...changedSafeTransactions.map((safeTxHash) => ({
      type: 'safe_transaction.updated' as const,
      safeTxHash,
    })),
    ...inbound.map((row) => ({ type: 'message.created' as const, ...row })),
    ...(decided ? [{ type: 'kyb.updated' as const }] : []),
  ];
}

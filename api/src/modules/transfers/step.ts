import type { TTransferFailureReasonCode, TTransferStatus } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import type { OrganizationContext } from '../../http/guards';
import { type AuditActor, recordAudit, userActor } from '../audit/index';
import { notify } from '../notifications/index';
import { SUBJECT } from './deps';
import { settle } from './ledger';
import type { TransferNote } from './notes';
import { insertTransferEvent, type TransferRow, trim, updateTransfer } from './repo';

// One step of a transfer through its state machine, the unit every status change is made of: a
// provider's update, reconciliation, a failure before the provider knew, a member's cancellation.

/** Who moves a transfer: the provider, reconciliation, the API itself, or a member. */
export type StepSource = 'provider' | 'reconciliation' | 'system' | { user: OrganizationContext['user'] };

/**
 * Records one step of a transfer (event, ledger, audit) and moves it. A member's step (source
 * 'user') names the member as the audit's actor. The reason is the provider's free text, or a
 * member's decision or the API's own reason (its code and values kept beside its English text).
 */
export async function stepTransfer(
  tx: Database,
  transfer: TransferRow,
  next: TTransferStatus,
  source: StepSource,
  reason: string | TransferNote<TTransferFailureReasonCode> | null,
): Promise<TransferRow> {
  const actor: AuditActor =
    typeof source === 'object'
      ? userActor(source.user)
      : source === 'provider'
        ? { kind: 'provider', providerUid: transfer.providerUid }
        : { kind: 'system' };
  const sourceName = typeof source === 'object' ? 'user' : source;
  // Free text has no code; a decision or the API's own reason keeps its code and values beside it.
  const { text, code, params } =
    reason === null || typeof reason === 'string' ? { text: reason, code: null, params: null } : reason;
  // The transfer moves before its ledger, as a new transfer is written before its lines: each takes
  // the shared rows their triggers keep (the status counts, then the ledger's running balances) in
  // that one order, so a step and a new transfer of the same wallet never wait on each other crosswise.
  const moved = await updateTransfer(tx, transfer.uid, {
    status: next,
    ...(text
      ? {
          failureReason: text,
          failureReasonCode: code,
          failureReasonParams: params,
        }
      : {}),
  });
  await settle(tx, transfer, transfer.status, next);
  await insertTransferEvent(tx, {
    transferUid: transfer.uid,
    fromStatus: transfer.status,
    toStatus: next,
    source: sourceName,
    note: text,
    noteCode: code,
    noteParams: params,
  });
  await recordAudit(tx, {
    organizationUid: transfer.organizationUid,
    actor,
    action: `${SUBJECT}.${next}`,
    subjectType: SUBJECT,
    subjectUid: transfer.uid,
    from: transfer.status,
    to: next,
    note: text,
    data: {
      amount: trim(transfer.sourceAmount),
      currency: transfer.sourceCurrency,
      source: sourceName,
      // The code and values too, for the audit log to word it (as the timeline does).
      ...(code ? { noteCode: code, noteParams: params } : {}),
    },
  });
  if (next === 'completed' || next === 'failed' || next === 'returned') {
    await notify(tx, {
      type: 'transfer.finished',
      organizationUid: transfer.organizationUid,
      transferUid: transfer.uid,
      transferType: transfer.type,
      outcome: next,
      creatorUid: transfer.createdBy,
      amount: `${trim(transfer.sourceAmount)} ${transfer.sourceCurrency}`,
      reason: next === 'completed' ? null : text,
    });
  }
  return moved;
}

import { z } from 'zod';
import type { Database } from '../../db/client';
import type { ProviderTransfer } from '../providers/index';
import { publishTransferUpdated, type TransferDeps } from './deps';
import { lockTransfer, type TransferRow, updateTransfer } from './repo';
import { transitionPath } from './state';
import { stepTransfer } from './step';

// A provider's news of a transfer, applied through the state machine: a webhook's (the providers
// module calls applyProviderUpdate in the webhook's transaction), or the answer the submit job and
// reconciliation get by asking (applyProviderView). Forward only, each step recorded, the ledger
// settled in the same transaction.

/**
 * Moves a transfer to the provider's view: the details it reports, then every step from our
 * status to its status (none when its status is not ahead of ours: late or repeated news), each
 * recorded with the ledger settled. True when something changed.
 */
export async function applyProviderView(
  tx: Database,
  transfer: TransferRow,
  view: ProviderTransfer,
  source: 'provider' | 'reconciliation' | 'system',
): Promise<boolean> {
  const details = {
    ...(transfer.externalId ? {} : { externalId: view.externalId }),
    ...(transfer.instructions ? {} : { instructions: view.instructions }),
    ...(view.txHash && view.txHash !== transfer.txHash ? { txHash: view.txHash } : {}),
    ...(view.payoutReference && view.payoutReference !== transfer.payoutReference
      ? { payoutReference: view.payoutReference }
      : {}),
  };
  const path = transitionPath(transfer.status, view.status) ?? [];
  if (path.length === 0 && Object.keys(details).length === 0) return false;
  let current = transfer;
  if (Object.keys(details).length > 0) current = await updateTransfer(tx, transfer.uid, details);
  for (const next of path) {
    const reason = ['failed', 'returned', 'canceled'].includes(next) ? view.failureReason : null;
    current = await stepTransfer(tx, current, next, source, reason);
  }
  return true;
}

/** The webhook side (providers module): applies a provider's transfer in the webhook's transaction. */
export async function applyProviderUpdate(
  deps: TransferDeps,
  tx: Database,
  providerUid: string,
  view: ProviderTransfer,
) {
  const reference = z.uuid().safeParse(view.externalReference);
  const transfer = reference.success ? await lockTransfer(tx, reference.data) : undefined;
  if (!transfer || transfer.providerUid !== providerUid) {
    deps.log.warn(
      { providerUid, externalId: view.externalId },
      'Provider webhook for a transfer we do not know; ignored',
    );
    return undefined;
  }
  const changed = await applyProviderView(tx, transfer, view, 'provider');
  return {
    organizationUid: transfer.organizationUid,
    after: changed ? () => publishTransferUpdated(deps, transfer.organizationUid, transfer.uid) : undefined,
  };
}

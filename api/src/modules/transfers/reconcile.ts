import type { TTransferStatus } from '@dash/shared/contracts';
import { type JobDefinition, RescheduleJob } from '../../jobs/runner';
import { findProvider } from '../providers/index';
import { applyProviderView } from './apply-provider-update';
import { publishTransferUpdated, type TransferDeps } from './deps';
import { RECONCILE_JOB_KIND, type TransferJob, ZTransferJob } from './jobs';
import { lockTransfer, staleTransfers } from './repo';

// Reconciliation: a transfer the provider knows whose status has not moved for the stale interval
// is asked about, and the answer is applied as a webhook's would be. The reconcile job (queued by
// the submit job) asks about its transfer until it closes; reconcileStale asks about every stale
// one now (tests, operators).

const OPEN: readonly TTransferStatus[] = ['awaiting_funds', 'funds_received', 'payment_submitted'];

/** Asks the provider about one transfer whose status has not moved for a while. */
export async function reconcileTransfer(deps: TransferDeps, transferUid: string): Promise<'open' | 'closed'> {
  const { db } = deps;
  const [transfer] = await db.transaction(async (tx) => [await lockTransfer(tx, transferUid)]);
  if (!transfer || !OPEN.includes(transfer.status) || !transfer.externalId) return 'closed';
  const provider = await findProvider(db, transfer.providerUid, { listedOnly: false });
  const adapter = provider ? deps.adapters(provider) : null;
  if (!adapter) return 'closed';
  const view = await adapter.getTransfer(transfer.externalId);
  const outcome = await db.transaction(async (tx) => {
    const current = await lockTransfer(tx, transferUid);
    if (!current) return { changed: false, open: false };
    const changed = await applyProviderView(tx, deps.chains, current, view, 'reconciliation');
    const after = await lockTransfer(tx, transferUid);
    return { changed, open: after ? OPEN.includes(after.status) : false };
  });
  if (outcome.changed) await publishTransferUpdated(deps, transfer.organizationUid, transfer.uid);
  return outcome.open ? 'open' : 'closed';
}

export function reconcileJob(deps: TransferDeps): JobDefinition<TransferJob> {
  const { db, staleAfterMs } = deps;
  return {
    kind: RECONCILE_JOB_KIND,
    payload: ZTransferJob,
    async handle(job) {
      const [transfer] = await db.transaction(async (tx) => [await lockTransfer(tx, job.transferUid)]);
      if (!transfer || !OPEN.includes(transfer.status)) return;
      const quietFor = deps.now() - transfer.updatedAt.getTime();
      if (quietFor < staleAfterMs) throw new RescheduleJob(staleAfterMs - quietFor);
      if ((await reconcileTransfer(deps, job.transferUid)) === 'open') throw new RescheduleJob(staleAfterMs);
    },
  };
}

/** Open transfers whose status is older than the stale interval, asked now (tests, operators). */
export async function reconcileStale(deps: TransferDeps, now = new Date(deps.now())): Promise<number> {
  const stale = await staleTransfers(deps.db, new Date(now.getTime() - deps.staleAfterMs), 100);
  for (const { uid } of stale) await reconcileTransfer(deps, uid);
  return stale.length;
}

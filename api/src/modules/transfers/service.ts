import { applyProviderUpdate } from './apply-provider-update';
import { approveOffRamp } from './approve-off-ramp';
import { balances } from './balances';
import { cancelTransfer } from './cancel-transfer';
import { createDeposit, quoteDeposit } from './create-deposit';
import { createOffRamp } from './create-off-ramp';
import { createOnRamp } from './create-on-ramp';
import { type TransferDeps, type TransferServiceDeps, transferDeps } from './deps';
import { exportTransfers } from './export-transfers';
import { getTransfer } from './get-transfer';
import { prepareListTransfers } from './list-transfers';
import { createQuote } from './quote';
import { reconcileJob, reconcileStale, reconcileTransfer } from './reconcile';
import { isUsedByPendingTransfer } from './repo';
import { submitTransferJob } from './submit-transfer';
import { getApprovalThreshold, setApprovalThreshold } from './thresholds';
import { verifyDeliveryJob } from './verify-delivery';

export type { TransferServiceDeps } from './deps';
export { RECONCILE_JOB_KIND, SUBMIT_JOB_KIND } from './jobs';
export { VERIFY_DELIVERY_JOB_KIND } from './verify-delivery';

export type TransferService = ReturnType<typeof createTransferService>;

/**
 * Quotes, transfers and their ledger. Each use case is a file of its own (quote.ts, create-*.ts,
 * approve-off-ramp.ts, cancel-transfer.ts, apply-provider-update.ts, submit-transfer.ts,
 * reconcile.ts, …) taking one TransferDeps first; this only hands each its deps, giving the routes,
 * the job runner and the other modules the object they use.
 *
 * A transfer is written with its pending ledger lines, its first event, its audit record and the
 * job that tells the provider, in one transaction; the provider is called after the commit with the
 * transfer uid as its idempotency key, so a retried or resumed job never creates a second transfer
 * there. Webhooks and reconciliation both move the transfer through applyProviderView: forward
 * only, each step recorded, the ledger settled in the same transaction.
 */
export function createTransferService(serviceDeps: TransferServiceDeps) {
  const deps = transferDeps(serviceDeps);
  /** The use case with these deps: its own parameters after them, its own answer. */
  const given =
    <Args extends unknown[], Result>(useCase: (deps: TransferDeps, ...args: Args) => Result) =>
    (...args: Args): Result =>
      useCase(deps, ...args);

  return {
    submitJob: submitTransferJob(deps),
    reconcileJob: reconcileJob(deps),
    verifyDeliveryJob: verifyDeliveryJob(deps),
    reconcile: given(reconcileTransfer),
    /** Open transfers whose status is older than the stale interval, asked now (tests, operators). */
    reconcileStale: given(reconcileStale),

    pendingTransferUsage: { isUsedByPendingTransfer },
    /** The webhook side (providers module): applies a provider's transfer in the webhook's transaction. */
    transferUpdates: { apply: given(applyProviderUpdate) },

    createQuote: given(createQuote),
    createOnRamp: given(createOnRamp),
    /** /deposit, first step, outside any transaction: the deposit provider's quote for it. */
    quoteDeposit: given(quoteDeposit),
    createDeposit: given(createDeposit),
    createOffRamp: given(createOffRamp),
    approve: given(approveOffRamp),
    cancel: given(cancelTransfer),

    setApprovalThreshold: given(setApprovalThreshold),
    getApprovalThreshold: given(getApprovalThreshold),

    list: prepareListTransfers(deps),
    /** The filtered set's CSV fields in batches, newest first (the export streams them). */
    exportRows: given(exportTransfers),
    get: given(getTransfer),
    balances: given(balances),
  };
}

import type { TTransferFailureReasonCode } from '@dash/shared/contracts';
import { crashPoint } from '../../crash-point';
import { enqueueJob, type JobDefinition } from '../../jobs/runner';
import { findBankBeneficiaryType } from '../counterparties/index';
import { findProvider, ProviderError, type ProviderTransfer } from '../providers/index';
import { applyProviderView } from './apply-provider-update';
import { publishTransferUpdated, type TransferDeps } from './deps';
import { RECONCILE_JOB_KIND, SUBMIT_JOB_KIND, type TransferJob, ZTransferJob } from './jobs';
import { type TransferNote, transferNote } from './notes';
import { lockQuote, lockTransfer } from './repo';
import { stepTransfer } from './step';

// The submit job: tells the provider of a transfer that is due (awaiting funds, unknown to the
// provider) after the commit that made it due, with the transfer uid as the idempotency key, so a
// retried or resumed job never creates a second transfer there. The provider's answer is applied
// through the state machine and reconciliation is queued; a refusal, a provider no longer installed
// or one never reached fails the transfer (only before the provider knows it).

/** Fails a transfer the provider refused or could not be reached for (only before it knows it). */
async function failBeforeProvider(
  deps: TransferDeps,
  transferUid: string,
  reason: TransferNote<TTransferFailureReasonCode>,
) {
  const changed = await deps.db.transaction(async (tx) => {
    const transfer = await lockTransfer(tx, transferUid);
    if (!transfer || transfer.externalId || transfer.status !== 'awaiting_funds') return undefined;
    await stepTransfer(tx, transfer, 'failed', 'system', reason);
    return transfer;
  });
  if (changed) await publishTransferUpdated(deps, changed.organizationUid, changed.uid);
}

export function submitTransferJob(deps: TransferDeps): JobDefinition<TransferJob> {
  const { db } = deps;
  return {
    kind: SUBMIT_JOB_KIND,
    payload: ZTransferJob,
    maxAttempts: 6,
    async handle(job, context) {
      const [transfer] = await db.transaction(async (tx) => [await lockTransfer(tx, job.transferUid)]);
      // Already known to the provider (a webhook or an earlier run got there first), or no longer due.
      if (!transfer || transfer.externalId || transfer.status !== 'awaiting_funds') return;
      const provider = await findProvider(db, transfer.providerUid, { listedOnly: false });
      const adapter = provider ? deps.adapters(provider) : null;
      if (!adapter) {
        await failBeforeProvider(deps, transfer.uid, transferNote('provider_unavailable', {}));
        return;
      }
      const quoteRow = await lockQuote(db, transfer.organizationUid, transfer.quoteUid);
      if (!quoteRow) throw new Error('quote vanished');
      let beneficiaryType = '';
      if (transfer.bankBeneficiaryUid) {
        beneficiaryType = (await findBankBeneficiaryType(db, transfer.bankBeneficiaryUid)) ?? '';
      }
      let view: ProviderTransfer;
      try {
        view = await adapter.createTransfer(
          {
            quoteExternalId: quoteRow.externalId,
            externalReference: transfer.uid,
            webhookUrl: `${deps.webhookBaseUrl}/${transfer.providerUid}`,
            destination:
              transfer.type === 'off_ramp'
                ? {
                    kind: 'bank',
                    type: beneficiaryType,
                    accountKey: transfer.beneficiaryAccountKey ?? '',
                    name: transfer.beneficiaryName ?? '',
                  }
                : { kind: 'wallet', network: transfer.network, address: transfer.walletAddress ?? '' },
          },
          // Our transfer id: a second call (a retry, a restart after a crash) gets the same transfer.
          transfer.uid,
        );
      } catch (error) {
        if (error instanceof ProviderError && !error.retryable) {
          context.log.warn({ err: error }, 'The provider refused the transfer');
          // The provider's own words (what a member may be shown) stay as they are: a value of the note,
          // not worded by us; without them, the error as the client saw it.
          await failBeforeProvider(
            deps,
            transfer.uid,
            transferNote('provider_refused', { reason: error.reason ?? error.message }),
          );
          return;
        }
        throw error;
      }
      crashPoint('transfers.submit.after-provider-call');
      const changed = await db.transaction(async (tx) => {
        const current = await lockTransfer(tx, transfer.uid);
        if (!current) return false;
        const moved = await applyProviderView(tx, deps.chains, current, view, 'provider');
        await enqueueJob(tx, {
          kind: RECONCILE_JOB_KIND,
          payload: { transferUid: transfer.uid },
          key: `${RECONCILE_JOB_KIND}:${transfer.uid}`,
          delayMs: deps.staleAfterMs,
        });
        return moved;
      });
      if (changed) await publishTransferUpdated(deps, transfer.organizationUid, transfer.uid);
    },
    async onGiveUp(job, error, context) {
      context.log.error({ err: error }, 'The provider could not be reached for a transfer; it is failed');
      await failBeforeProvider(deps, job.transferUid, transferNote('provider_unreachable', {}));
    },
  };
}

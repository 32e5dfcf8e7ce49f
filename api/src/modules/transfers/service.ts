import { randomUUID } from 'node:crypto';
import {
  AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE,
  BENEFICIARY_NOT_FOUND_FOR_TRANSFER_MESSAGE,
  DEPOSIT_PROVIDER,
  OWN_TRANSFER_APPROVAL_MESSAGE,
  PROVIDER_ACCOUNT_NOT_ACTIVE_MESSAGE,
  PROVIDER_CURRENCY_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  PROVIDER_UNAVAILABLE_MESSAGE,
  providerLimitProblem,
  QUOTE_BENEFICIARY_CURRENCY_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  QUOTE_NOT_FOUND_MESSAGE,
  QUOTE_USED_MESSAGE,
  QUOTE_WALLET_NETWORK_MESSAGE,
  type TCancelTransferRequest,
  type TCreateDepositRequest,
  type TCreateOffRampRequest,
  type TCreateOnRampRequest,
  type TCreateQuoteRequest,
  type TLedgerBalance,
  type TQuote,
  TRANSFER_NOT_AWAITING_APPROVAL_MESSAGE,
  TRANSFER_NOT_FOUND_MESSAGE,
  type TTransactionsFilters,
  type TTransactionsQuery,
  type TTransactionsResponse,
  type TTransfer,
  type TTransferDetail,
  type TTransferFailureReasonCode,
  type TTransferStatus,
  WALLET_NOT_FOUND_FOR_TRANSFER_MESSAGE,
} from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { type AuditActor, recordAudit, userActor } from '../../audit/audit';
import { crashPoint } from '../../crash-point';
import type { Database } from '../../db/client';
import type { transfers } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import type { IdempotentWork } from '../../http/idempotency';
import type { ReadCache } from '../../http/read-cache';
import { enqueueJob, type JobDefinition, RescheduleJob } from '../../jobs/runner';
import type { ProviderTransfer } from '../../providers/adapter';
import { ProviderError } from '../../providers/http-client';
import type { ProviderAdapters } from '../../providers/registry';
import { findBankBeneficiary, findBankBeneficiaryType } from '../counterparties/repo';
import { findAccountStatus, findProvider, findProviderByName, type ProviderRow } from '../providers/repo';
import { enqueueApprovalMails } from './approval-mail';
import { ledgerBalances, postPending, settle } from './ledger';
import { iterateTransferCsvFields, listFiltersFor, prepareTransactionList } from './list-repo';
import { type TransferNote, transferNote } from './notes';
import {
  amountsOf,
  findOrganizationThreshold,
  findTransfer,
  findWallet,
  insertQuote,
  insertTransfer,
  insertTransferEvent,
  isUsedByPendingTransfer,
  listTransferEvents,
  lockQuote,
  lockTransfer,
  markQuoteUsed,
  type QuoteRow,
  setOrganizationThreshold,
  staleTransfers,
  type TransferRow,
  trim,
  updateTransfer,
} from './repo';
import { transitionPath } from './state';

export const SUBMIT_JOB_KIND = 'transfer.submit';
export const RECONCILE_JOB_KIND = 'transfer.reconcile';
const ZTransferJob = z.object({ transferUid: z.uuid() });
type TransferJob = z.infer<typeof ZTransferJob>;
const SUBJECT = 'transfer';
const OPEN: readonly TTransferStatus[] = ['awaiting_funds', 'funds_received', 'payment_submitted'];

export interface TransferServiceDeps {
  db: Database;
  events: EventBus;
  adapters: ProviderAdapters;
  wake: () => void;
  /** Where providers post webhooks: `${webhookBaseUrl}/${providerUid}`. */
  webhookBaseUrl: string;
  /** A transfer the provider has not moved for this long is asked about (reconciliation). */
  staleAfterMs?: number;
  /** The API's read cache (http/read-cache.ts): the list's counts are kept there. */
  readCache?: ReadCache;
  log: FastifyBaseLogger;
}

export type TransferService = ReturnType<typeof createTransferService>;

/**
 * Quotes, transfers and their ledger. A transfer is written with its pending ledger lines, its
 * first event, its audit record and the job that tells the provider, in one transaction; the
 * provider is called after the commit with the transfer uid as its idempotency key, so a retried
 * or resumed job never creates a second transfer there. Webhooks and reconciliation both move the
 * transfer through applyProviderView: forward only, each step recorded, the ledger settled in the
 * same transaction.
 */
export function createTransferService(deps: TransferServiceDeps) {
  const { db, events, log } = deps;
  const staleAfterMs = deps.staleAfterMs ?? 60_000;
  const listReads = prepareTransactionList(db);

  const publish = (organizationUid: string, transferUid: string) =>
    events.publish(organizationUid, { type: 'transfer.updated', transferUid }).catch((error: unknown) => {
      log.error({ err: error }, 'Publishing a transfer event failed');
    });

  function adapterOf(provider: ProviderRow | undefined) {
    const adapter = provider ? deps.adapters(provider) : null;
    if (!provider || !adapter) throw new AppError('NOT_FOUND', PROVIDER_NOT_FOUND_MESSAGE);
    return { provider, adapter };
  }

  async function requireActiveAccount(tx: Database, organizationUid: string, providerUid: string) {
    const status = await findAccountStatus(tx, organizationUid, providerUid);
    if (status !== 'Active') throw new AppError('CONFLICT', PROVIDER_ACCOUNT_NOT_ACTIVE_MESSAGE);
  }

  function toQuote(row: QuoteRow): TQuote {
    return {
      uid: row.uid,
      providerUid: row.providerUid,
      type: row.type,
      network: row.network,
      ...amountsOf(row),
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  async function quote(tx: Database, context: OrganizationContext, request: TCreateQuoteRequest) {
    const organizationUid = context.organization.uid;
    const { provider, adapter } = adapterOf(
      await findProvider(tx, request.providerUid, { listedOnly: true }),
    );
    const offers =
      provider.fiat.some((fiat) => fiat.currency === request.currency) &&
      provider.stablecoins.some((coin) => coin.network === request.network);
    if (!offers)
      throw new AppError('VALIDATION', PROVIDER_CURRENCY_MESSAGE, { currency: PROVIDER_CURRENCY_MESSAGE });
    await requireActiveAccount(tx, organizationUid, provider.uid);
    // The provider's limits per transfer for the currency (the catalogue's, both ends included), on
    // the fiat the transfer is worth: an on-ramp's amount is that fiat; an off-ramp's is known once
    // the provider has priced it (what it pays out plus its fee).
    const limits = provider.fees.find((fee) => fee.currency === request.currency);
    const refuseOutsideLimits = (fiatAmount: string) => {
      const problem = limits ? providerLimitProblem(fiatAmount, limits) : null;
      if (problem) throw new AppError('VALIDATION', problem, { amount: problem });
    };
    if (request.type === 'on_ramp') refuseOutsideLimits(request.amount);
    const uid = randomUUID();
    let answer: Awaited<ReturnType<typeof adapter.createQuote>>;
    try {
      answer = await adapter.createQuote(
        { type: request.type, currency: request.currency, network: request.network, amount: request.amount },
        uid,
      );
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) {
        // An amount too small to price (its fee would take it all): the amount field's message, as
        // for one under the provider's minimum. Any other refusal in the provider's own words, not
        // our request line.
        if (error.code === 'amount_too_small') {
          throw new AppError('VALIDATION', AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE, {
            amount: AMOUNT_BELOW_PROVIDER_MINIMUM_MESSAGE,
          });
        }
        throw new AppError('VALIDATION', `The provider refused the quote: ${error.reason ?? error.code}`);
      }
      if (error instanceof ProviderError) {
        // Timed out, unreachable or failing on its side: the caller may ask again, nothing was saved.
        throw new AppError('UNAVAILABLE', PROVIDER_UNAVAILABLE_MESSAGE, undefined, {
          headers: { 'retry-after': '5' },
          cause: error,
        });
      }
      throw error;
    }
    if (request.type === 'off_ramp') {
      refuseOutsideLimits(new Decimal(answer.targetAmount).plus(answer.fee).toFixed());
    }
    return insertQuote(tx, {
      uid,
      organizationUid,
      providerUid: provider.uid,
      type: request.type,
      network: request.network,
      fiatCurrency: request.currency,
      sourceCurrency: answer.sourceCurrency,
      sourceAmount: answer.sourceAmount,
      targetCurrency: answer.targetCurrency,
      targetAmount: answer.targetAmount,
      rate: answer.rate,
      fee: answer.fee,
      feeCurrency: answer.feeCurrency,
      externalId: answer.externalId,
      expiresAt: answer.expiresAt,
      createdBy: context.user.uid,
    });
  }

  /** The quote, locked, still unused and unexpired (404, 409). */
  async function takeQuote(tx: Database, organizationUid: string, quoteUid: string, type: QuoteRow['type']) {
    const row = await lockQuote(tx, organizationUid, quoteUid);
    if (!row || row.type !== type) throw new AppError('NOT_FOUND', QUOTE_NOT_FOUND_MESSAGE);
    if (row.usedBy) throw new AppError('CONFLICT', QUOTE_USED_MESSAGE);
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError('CONFLICT', QUOTE_EXPIRED_MESSAGE);
    await requireActiveAccount(tx, organizationUid, row.providerUid);
    return row;
  }

  async function answerOf(tx: Database, organizationUid: string, uid: string): Promise<TTransfer> {
    const transfer = await findTransfer(tx, organizationUid, uid);
    if (!transfer) throw new Error('transfer vanished');
    return transfer;
  }

  /** Writes a new transfer with its first event, pending ledger lines, audit and (unless it waits for approval) its job. */
  async function create(
    tx: Database,
    context: OrganizationContext,
    row: Omit<typeof transfers.$inferInsert, 'organizationUid' | 'createdBy'>,
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
    if (submits) await enqueueSubmit(tx, transfer.uid);
    // Above the threshold: the members who may decide are told by mail.
    const asksApproval = transfer.status === 'awaiting_approval';
    if (asksApproval) {
      await enqueueApprovalMails(tx, {
        organizationUid,
        transferUid: transfer.uid,
        kind: 'requested',
        creatorUid: context.user.uid,
        actor: context.user.email,
        note: null,
      });
    }
    return {
      answer: { data: await answerOf(tx, organizationUid, transfer.uid) },
      afterCommit: async () => {
        if (submits || asksApproval) deps.wake();
        await publish(organizationUid, transfer.uid);
      },
    };
  }

  async function enqueueSubmit(tx: Database, transferUid: string) {
    await enqueueJob(tx, {
      kind: SUBMIT_JOB_KIND,
      payload: { transferUid },
      key: `${SUBMIT_JOB_KIND}:${transferUid}`,
    });
  }

  async function onRamp(
    tx: Database,
    context: OrganizationContext,
    request: { quoteUid: string; walletUid: string },
    type: 'on_ramp' | 'deposit',
  ) {
    const organizationUid = context.organization.uid;
    const quoteRow = await takeQuote(tx, organizationUid, request.quoteUid, 'on_ramp');
    const wallet = await findWallet(tx, organizationUid, request.walletUid);
    if (!wallet) throw new AppError('NOT_FOUND', WALLET_NOT_FOUND_FOR_TRANSFER_MESSAGE);
    if (wallet.network !== quoteRow.network) {
      throw new AppError('VALIDATION', QUOTE_WALLET_NETWORK_MESSAGE, {
        walletUid: QUOTE_WALLET_NETWORK_MESSAGE,
      });
    }
    return create(tx, context, {
      ...fromQuote(quoteRow),
      type,
      status: 'awaiting_funds',
      walletUid: wallet.uid,
      walletName: wallet.name,
      walletAddress: wallet.address,
    });
  }

  function fromQuote(row: QuoteRow) {
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

  /**
   * Moves a transfer to the provider's view: the details it reports, then every step from our
   * status to its status (none when its status is not ahead of ours: late or repeated news), each
   * recorded with the ledger settled. True when something changed.
   */
  async function applyProviderView(
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
      current = await step(tx, current, next, source, reason);
    }
    return true;
  }

  /**
   * Records one step of a transfer (event, ledger, audit) and moves it. A member's step (source
   * 'user') names the member as the audit's actor. The reason is the provider's free text, or a
   * member's decision or the API's own reason (its code and values kept beside its English text).
   */
  async function step(
    tx: Database,
    transfer: TransferRow,
    next: TTransferStatus,
    source: 'provider' | 'reconciliation' | 'system' | { user: OrganizationContext['user'] },
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
    return moved;
  }

  /** The organization's transfer, locked, if it waits for a second member's decision (404, 409 otherwise). */
  async function lockAwaitingApproval(tx: Database, organizationUid: string, transferUid: string) {
    const transfer = await lockTransfer(tx, transferUid);
    if (!transfer || transfer.organizationUid !== organizationUid) {
      throw new AppError('NOT_FOUND', TRANSFER_NOT_FOUND_MESSAGE);
    }
    if (transfer.status !== 'awaiting_approval') {
      throw new AppError('CONFLICT', TRANSFER_NOT_AWAITING_APPROVAL_MESSAGE);
    }
    return transfer;
  }

  /** Fails a transfer the provider refused or could not be reached for (only before it knows it). */
  async function failBeforeProvider(transferUid: string, reason: TransferNote<TTransferFailureReasonCode>) {
    const changed = await db.transaction(async (tx) => {
      const transfer = await lockTransfer(tx, transferUid);
      if (!transfer || transfer.externalId || transfer.status !== 'awaiting_funds') return undefined;
      await step(tx, transfer, 'failed', 'system', reason);
      return transfer;
    });
    if (changed) await publish(changed.organizationUid, changed.uid);
  }

  const submitJob: JobDefinition<TransferJob> = {
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
        await failBeforeProvider(transfer.uid, transferNote('provider_unavailable', {}));
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
        const moved = await applyProviderView(tx, current, view, 'provider');
        await enqueueJob(tx, {
          kind: RECONCILE_JOB_KIND,
          payload: { transferUid: transfer.uid },
          key: `${RECONCILE_JOB_KIND}:${transfer.uid}`,
          delayMs: staleAfterMs,
        });
        return moved;
      });
      if (changed) await publish(transfer.organizationUid, transfer.uid);
    },
    async onGiveUp(job, error, context) {
      context.log.error({ err: error }, 'The provider could not be reached for a transfer; it is failed');
      await failBeforeProvider(job.transferUid, transferNote('provider_unreachable', {}));
    },
  };

  /** Asks the provider about one transfer whose status has not moved for a while. */
  async function reconcile(transferUid: string): Promise<'open' | 'closed'> {
    const [transfer] = await db.transaction(async (tx) => [await lockTransfer(tx, transferUid)]);
    if (!transfer || !OPEN.includes(transfer.status) || !transfer.externalId) return 'closed';
    const provider = await findProvider(db, transfer.providerUid, { listedOnly: false });
    const adapter = provider ? deps.adapters(provider) : null;
    if (!adapter) return 'closed';
    const view = await adapter.getTransfer(transfer.externalId);
    const outcome = await db.transaction(async (tx) => {
      const current = await lockTransfer(tx, transferUid);
      if (!current) return { changed: false, open: false };
      const changed = await applyProviderView(tx, current, view, 'reconciliation');
      const after = await lockTransfer(tx, transferUid);
      return { changed, open: after ? OPEN.includes(after.status) : false };
    });
    if (outcome.changed) await publish(transfer.organizationUid, transfer.uid);
    return outcome.open ? 'open' : 'closed';
  }

  const reconcileJob: JobDefinition<TransferJob> = {
    kind: RECONCILE_JOB_KIND,
    payload: ZTransferJob,
    async handle(job) {
      const [transfer] = await db.transaction(async (tx) => [await lockTransfer(tx, job.transferUid)]);
      if (!transfer || !OPEN.includes(transfer.status)) return;
      const quietFor = Date.now() - transfer.updatedAt.getTime();
      if (quietFor < staleAfterMs) throw new RescheduleJob(staleAfterMs - quietFor);
      if ((await reconcile(job.transferUid)) === 'open') throw new RescheduleJob(staleAfterMs);
    },
  };

  return {
    submitJob,
    reconcileJob,
    reconcile,

    /** Open transfers whose status is older than the stale interval, asked now (tests, operators). */
    async reconcileStale(now = new Date()): Promise<number> {
      const stale = await staleTransfers(db, new Date(now.getTime() - staleAfterMs), 100);
      for (const { uid } of stale) await reconcile(uid);
      return stale.length;
    },

    pendingTransferUsage: {
      isUsedByPendingTransfer: (
        tx: Database,
        counterparty: {
          organizationUid: string;
          kind: 'registered_wallet' | 'bank_beneficiary';
          uid: string;
        },
      ) => isUsedByPendingTransfer(tx, counterparty),
    },

    /** The webhook side (providers module): applies a provider's transfer in the webhook's transaction. */
    transferUpdates: {
      async apply(tx: Database, providerUid: string, view: ProviderTransfer) {
        const reference = z.uuid().safeParse(view.externalReference);
        const transfer = reference.success ? await lockTransfer(tx, reference.data) : undefined;
        if (!transfer || transfer.providerUid !== providerUid) {
          log.warn(
            { providerUid, externalId: view.externalId },
            'Provider webhook for a transfer we do not know; ignored',
          );
          return undefined;
        }
        const changed = await applyProviderView(tx, transfer, view, 'provider');
        return {
          organizationUid: transfer.organizationUid,
          after: changed ? () => publish(transfer.organizationUid, transfer.uid) : undefined,
        };
      },
    },

    async createQuote(context: OrganizationContext, request: TCreateQuoteRequest): Promise<TQuote> {
      // No transaction around the provider's answer: its reads and the one insert stand alone, and a
      // transaction held open across an HTTP call would stall every other query on the embedded
      // database (one connection) for as long as the provider takes.
      return toQuote(await quote(db, context, request));
    },

    createOnRamp(tx: Database, context: OrganizationContext, request: TCreateOnRampRequest) {
      return onRamp(tx, context, request, 'on_ramp');
    },

    /** /deposit, first step, outside any transaction: Transfero's quote for it (BRL, testbrz, polygon-amoy). */
    async quoteDeposit(context: OrganizationContext, request: TCreateDepositRequest): Promise<QuoteRow> {
      // The wallet first: a deposit refused for it leaves no quote behind.
      const wallet = await findWallet(db, context.organization.uid, request.targetWalletUid);
      if (!wallet) throw new AppError('NOT_FOUND', WALLET_NOT_FOUND_FOR_TRANSFER_MESSAGE);
      if (wallet.network !== request.networkId) {
        throw new AppError('VALIDATION', QUOTE_WALLET_NETWORK_MESSAGE, {
          targetWalletUid: QUOTE_WALLET_NETWORK_MESSAGE,
        });
      }
      const provider = await findProviderByName(db, DEPOSIT_PROVIDER);
      if (!provider) throw new AppError('NOT_FOUND', PROVIDER_NOT_FOUND_MESSAGE);
      return quote(db, context, {
        providerUid: provider.uid,
        type: 'on_ramp',
        currency: request.currencyId,
        network: request.networkId,
        amount: request.amount,
      });
    },

    /** /deposit: an on-ramp of the quote quoteDeposit got, to the chosen wallet. */
    createDeposit(
      tx: Database,
      context: OrganizationContext,
      request: TCreateDepositRequest,
      quoteRow: QuoteRow,
    ) {
      return onRamp(tx, context, { quoteUid: quoteRow.uid, walletUid: request.targetWalletUid }, 'deposit');
    },

    async createOffRamp(tx: Database, context: OrganizationContext, request: TCreateOffRampRequest) {
      const organizationUid = context.organization.uid;
      const quoteRow = await takeQuote(tx, organizationUid, request.quoteUid, 'off_ramp');
      const beneficiary = await findBankBeneficiary(tx, organizationUid, request.bankBeneficiaryUid);
      if (!beneficiary) throw new AppError('NOT_FOUND', BENEFICIARY_NOT_FOUND_FOR_TRANSFER_MESSAGE);
      const expected = quoteRow.fiatCurrency === 'BRL' ? 'PixKey' : 'Clabe';
      if (beneficiary.type !== expected) {
        throw new AppError('VALIDATION', QUOTE_BENEFICIARY_CURRENCY_MESSAGE, {
          bankBeneficiaryUid: QUOTE_BENEFICIARY_CURRENCY_MESSAGE,
        });
      }
      const threshold = await findOrganizationThreshold(tx, organizationUid);
      const needsApproval = threshold !== null && new Decimal(quoteRow.sourceAmount).gt(threshold);
      return create(tx, context, {
        ...fromQuote(quoteRow),
        type: 'off_ramp',
        status: needsApproval ? 'awaiting_approval' : 'awaiting_funds',
        approvalRequired: needsApproval,
        bankBeneficiaryUid: beneficiary.uid,
        beneficiaryName: beneficiary.name,
        beneficiaryAccountKey: beneficiary.accountKey,
      });
    },

    /** A second member approves an off-ramp above the threshold (never its creator; Viewers cannot reach it). */
    async approve(context: OrganizationContext, transferUid: string): Promise<TTransfer> {
      const organizationUid = context.organization.uid;
      await db.transaction(async (tx) => {
        const transfer = await lockAwaitingApproval(tx, organizationUid, transferUid);
        if (transfer.createdBy === context.user.uid)
          throw new AppError('FORBIDDEN', OWN_TRANSFER_APPROVAL_MESSAGE);
        await updateTransfer(tx, transfer.uid, { status: 'awaiting_funds', approvedBy: context.user.uid });
        const note = transferNote('approved_by', { actor: context.user.email });
        await insertTransferEvent(tx, {
          transferUid: transfer.uid,
          fromStatus: 'awaiting_approval',
          toStatus: 'awaiting_funds',
          source: 'user',
          note: note.text,
          noteCode: note.code,
          noteParams: note.params,
        });
        await recordAudit(tx, {
          organizationUid,
          actor: userActor(context.user),
          action: `${SUBJECT}.approved`,
          subjectType: SUBJECT,
          subjectUid: transfer.uid,
          from: 'awaiting_approval',
          to: 'awaiting_funds',
          data: { amount: trim(transfer.sourceAmount), currency: transfer.sourceCurrency },
        });
        await enqueueSubmit(tx, transfer.uid);
        await enqueueApprovalMails(tx, {
          organizationUid,
          transferUid: transfer.uid,
          kind: 'approved',
          creatorUid: transfer.createdBy,
          actor: context.user.email,
          note: null,
        });
      });
      deps.wake();
      await publish(organizationUid, transferUid);
      return answerOf(db, organizationUid, transferUid);
    },

    /**
     * An off-ramp waiting for approval is called off before the provider hears of it: withdrawn by
     * its creator or rejected by another member (Viewers cannot reach it). Its pending ledger lines
     * are archived; the timeline, the transfer's reason and the audit log say who and why.
     */
    async cancel(context: OrganizationContext, transferUid: string, request: TCancelTransferRequest) {
      const organizationUid = context.organization.uid;
      await db.transaction(async (tx) => {
        const transfer = await lockAwaitingApproval(tx, organizationUid, transferUid);
        const own = transfer.createdBy === context.user.uid;
        await step(
          tx,
          transfer,
          'canceled',
          { user: context.user },
          transferNote(own ? 'canceled_by' : 'rejected_by', {
            actor: context.user.email,
            reason: request.reason,
          }),
        );
        // Another member's rejection is news to the creator; a creator's own withdrawal is not.
        if (!own) {
          await enqueueApprovalMails(tx, {
            organizationUid,
            transferUid: transfer.uid,
            kind: 'rejected',
            creatorUid: transfer.createdBy,
            actor: context.user.email,
            note: request.reason || null,
          });
        }
      });
      deps.wake();
      await publish(organizationUid, transferUid);
      return answerOf(db, organizationUid, transferUid);
    },

    async setApprovalThreshold(context: OrganizationContext, threshold: string | null) {
      const saved = await db.transaction(async (tx) => {
        const before = await findOrganizationThreshold(tx, context.organization.uid);
        await setOrganizationThreshold(tx, context.organization.uid, threshold);
        // As the database keeps it (numeric): the answer and the record say what GET will say.
        const after = await findOrganizationThreshold(tx, context.organization.uid);
        await recordAudit(tx, {
          organizationUid: context.organization.uid,
          actor: userActor(context.user),
          action: 'organization.off_ramp_approval_threshold_changed',
          subjectType: 'organization',
          subjectUid: context.organization.uid,
          from: before,
          to: after,
        });
        return after;
      });
      return { offRampApprovalThreshold: saved === null ? null : trim(saved) };
    },

    async getApprovalThreshold(context: OrganizationContext) {
      const threshold = await findOrganizationThreshold(db, context.organization.uid);
      return { offRampApprovalThreshold: threshold === null ? null : trim(threshold) };
    },

    async list(context: OrganizationContext, query: TTransactionsQuery): Promise<TTransactionsResponse> {
      const { page, size, ...asked } = query;
      const filters = listFiltersFor(asked, context.user.uid);
      const organizationUid = context.organization.uid;
      // The count is the same for every page of one filter: kept in the read cache (emptied by
      // every write and every event, a transfer's change included) so paging does not recount.
      const count = () => listReads.count(organizationUid, filters);
      const [data, { total, totalIsExact }] = await Promise.all([
        listReads.page(organizationUid, filters, { page, size }),
        deps.readCache
          ? deps.readCache.read(
              `transactions-count:${organizationUid}:${JSON.stringify(filters)}`,
              async () => ({
                value: await count(),
                validUntil: null,
              }),
              organizationUid,
            )
          : count(),
      ]);
      return { data, page, size, total, totalIsExact };
    },

    /** The filtered set's CSV fields in batches, newest first (the export streams them). */
    exportRows(context: OrganizationContext, filters: TTransactionsFilters) {
      return iterateTransferCsvFields(
        db,
        context.organization.uid,
        listFiltersFor(filters, context.user.uid),
      );
    },

    async get(context: OrganizationContext, transferUid: string): Promise<TTransferDetail> {
      const transfer = await findTransfer(db, context.organization.uid, transferUid);
      if (!transfer) throw new AppError('NOT_FOUND', TRANSFER_NOT_FOUND_MESSAGE);
      return { ...transfer, events: await listTransferEvents(db, transferUid) };
    },

    balances(context: OrganizationContext): Promise<TLedgerBalance[]> {
      return ledgerBalances(db, context.organization.uid);
    },
  };
}

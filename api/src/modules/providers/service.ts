import {
  codedMessage,
  english,
  type TCatalogueProvider,
  type TCodedMessage,
  type TProviderAccount,
  type TProviderAccountStatus,
  type TProviderRequirement,
  type TProvidersQuery,
} from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { crashPoint } from '../../crash-point';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { AppError } from '../../http/errors';
import type { OrganizationContext } from '../../http/guards';
import { enqueueJob, type JobDefinition } from '../../jobs/runner';
import { type AuditActor, recordAudit, userActor } from '../audit/index';
import { type ProviderOnboarding, type ProviderTransfer, WebhookRefused } from './adapters/adapter';
import { ProviderError } from './adapters/http-client';
import type { ProviderAdapters } from './adapters/registry';
import {
  findAccount,
  findProvider,
  insertAccount,
  listAccounts,
  listCatalogue,
  lockAccount,
  lockAccountByUid,
  type ProviderAccountRow,
  recordWebhookEvent,
  toProvider,
  updateAccount,
} from './repo';

export const ONBOARDING_JOB_KIND = 'provider.onboarding.start';
const ZOnboardingJob = z.object({ accountUid: z.uuid(), attempt: z.number().int().min(1) });
type OnboardingJob = z.infer<typeof ZOnboardingJob>;

const SUBJECT = 'provider_account';
/** A job that could not reach the provider after this many tries leaves the account Failed. */
const ONBOARDING_MAX_ATTEMPTS = 6;
export const PROVIDER_UNREACHABLE_REASON = english('messages.providerUnreachableOnboarding');

export interface ProviderServiceDeps {
  db: Database;
  events: EventBus;
  adapters: ProviderAdapters;
  /** Wakes the job runner after a commit that enqueued a job. */
  wake: () => void;
  /** Where providers post webhooks: `${webhookBaseUrl}/${providerUid}`. */
  webhookBaseUrl: string;
  /**
   * The KYB data sent to the provider: the organization's approved KYB application, or null when
   * it has none. Wired in app.ts.
   */
  kybData(organizationUid: string): Promise<Record<string, unknown> | null>;
  log: FastifyBaseLogger;
  /**
   * Transfer webhooks go to the transfers module (wired in app.ts), inside the transaction that
   * stores the event id; it answers what to do after the commit (publish an event, wake the runner).
   */
  transferUpdates?: {
    apply(
      tx: Database,
      providerUid: string,
      transfer: ProviderTransfer,
    ): Promise<
      | {
          /** The transfer's organization: the only one whose data the webhook changed. */
          organizationUid: string;
          /** After the commit: tells the organization's pages, when the transfer changed. */
          after: (() => Promise<void>) | undefined;
        }
      | undefined
    >;
  };
}

/** Where a provider's view of an onboarding puts our account. */
function stateFrom(onboarding: ProviderOnboarding): {
  status: TProviderAccountStatus;
  reason: string | null;
  reasonCode: null;
  requirements: TProviderRequirement[];
} {
  const status: TProviderAccountStatus =
    onboarding.status === 'approved'
      ? 'Active'
      : onboarding.status === 'rejected'
        ? 'Rejected'
        : onboarding.status === 'failed'
          ? 'Failed'
          : 'Pending';
  return { status, reason: onboarding.reason, reasonCode: null, requirements: onboarding.requirements };
}

/** A decided account stays decided: a late or out-of-order "pending" never undoes Active or Rejected. */
const DECIDED: readonly TProviderAccountStatus[] = ['Active', 'Rejected'];

/** The account still waits for this job's call (not answered by a webhook first, not started again since). */
function awaitsProvider(
  account: ProviderAccountRow | undefined,
  job: OnboardingJob,
): account is ProviderAccountRow {
  return account?.status === 'Submitting' && account.attempt === job.attempt;
}

export type ProviderService = ReturnType<typeof createProviderService>;

/**
 * The provider catalogue and the organization's provider accounts. Starting an onboarding writes
 * the account (Submitting), its audit record and the job in one transaction; the job calls the
 * provider after the commit with the idempotency key `<account uid>:<attempt>`, so a retried or
 * resumed job never onboards twice. The provider's webhooks then move the account on, each event
 * processed once (its id is stored in the same transaction as the change).
 */
export function createProviderService(deps: ProviderServiceDeps) {
  const { db, events, log } = deps;

  const publish = (organizationUid: string, providerUid: string) =>
    events
      .publish(organizationUid, { type: 'provider_account.updated', providerUid })
      .catch((error: unknown) => {
        log.error({ err: error }, 'Publishing a provider account event failed');
      });

  /** Moves an account to the provider's view, with its audit record; false when nothing changed. */
  async function applyProviderState(
    tx: Database,
    account: ProviderAccountRow,
    onboarding: ProviderOnboarding,
    actor: AuditActor,
  ): Promise<boolean> {
    const next = stateFrom(onboarding);
    const externalId = account.externalId ?? onboarding.externalId;
    if (DECIDED.includes(account.status) && next.status !== account.status) {
      log.info(
        { account: account.uid, from: account.status, to: next.status },
        'Provider update ignored: already decided',
      );
      if (externalId !== account.externalId) await updateAccount(tx, account.uid, { externalId });
      return false;
    }
    const unchanged =
      next.status === account.status &&
      next.reason === account.reason &&
      JSON.stringify(next.requirements) === JSON.stringify(account.requirements) &&
      externalId === account.externalId;
    if (unchanged) return false;
    await updateAccount(tx, account.uid, { ...next, externalId });
    await recordAudit(tx, {
      organizationUid: account.organizationUid,
      actor,
      action: `${SUBJECT}.${next.status.toLowerCase()}`,
      subjectType: SUBJECT,
      subjectUid: account.uid,
      from: account.status,
      to: next.status,
      note: next.reason,
      ...(next.requirements.length > 0 ? { data: { requirements: next.requirements } } : {}),
    });
    return true;
  }

  async function failAccount(job: OnboardingJob, reasonCode: TCodedMessage): Promise<void> {
    const reason = english(reasonCode.code, reasonCode.params);
    const changed = await db.transaction(async (tx) => {
      const account = await lockAccountByUid(tx, job.accountUid);
      if (!awaitsProvider(account, job)) return undefined;
      await updateAccount(tx, account.uid, { status: 'Failed', reason, reasonCode, requirements: [] });
      await recordAudit(tx, {
        organizationUid: account.organizationUid,
        actor: { kind: 'system' },
        action: `${SUBJECT}.failed`,
        subjectType: SUBJECT,
        subjectUid: account.uid,
        from: account.status,
        to: 'Failed',
        note: reason,
      });
      return account;
    });
    if (changed) await publish(changed.organizationUid, changed.providerUid);
  }

  const onboardingJob: JobDefinition<OnboardingJob> = {
    kind: ONBOARDING_JOB_KIND,
    payload: ZOnboardingJob,
    maxAttempts: ONBOARDING_MAX_ATTEMPTS,
    async handle(job, context) {
      const account = await lockAccountByUid(db, job.accountUid);
      // Done already (a webhook got there first, or this attempt was superseded): nothing to call.
      if (!awaitsProvider(account, job)) return;
      const provider = await findProvider(db, account.providerUid, { listedOnly: false });
      const adapter = provider ? deps.adapters(provider) : null;
      if (!provider || !adapter) {
        await failAccount(job, codedMessage('messages.providerUnavailable'));
        return;
      }
      const kybData = await deps.kybData(account.organizationUid);
      if (!kybData) {
        await failAccount(job, codedMessage('messages.providerNoKyb'));
        return;
      }
      let onboarding: ProviderOnboarding;
      try {
        onboarding = await adapter.startOnboarding(
          {
            uid: account.uid,
            organizationUid: account.organizationUid,
            webhookUrl: `${deps.webhookBaseUrl}/${provider.uid}`,
          },
          kybData,
          `${account.uid}:${account.attempt}`,
        );
      } catch (error) {
        if (error instanceof ProviderError && !error.retryable) {
          context.log.warn({ err: error }, 'The provider refused the onboarding');
          // The provider's own words (as a transfer's refusal keeps them), else the call's account of it.
          await failAccount(
            job,
            codedMessage('messages.providerRefusedRequest', { reason: error.reason ?? error.message }),
          );
          return;
        }
        throw error;
      }
      crashPoint('providers.onboarding.after-provider-call');
      const changed = await db.transaction(async (tx) => {
        const current = await lockAccountByUid(tx, job.accountUid);
        if (!current || current.attempt !== job.attempt) return false;
        if (current.status !== 'Submitting') {
          // A webhook was processed first and is newer than this answer: keep it, note the provider's id.
          if (!current.externalId)
            await updateAccount(tx, current.uid, { externalId: onboarding.externalId });
          return false;
        }
        return applyProviderState(tx, current, onboarding, { kind: 'system' });
      });
      if (changed) await publish(account.organizationUid, account.providerUid);
    },
    async onGiveUp(job, error, context) {
      context.log.error({ err: error }, 'Onboarding could not reach the provider; the account is Failed');
      await failAccount(job, codedMessage('messages.providerUnreachableOnboarding'));
    },
  };

  return {
    onboardingJob,

    async listProviders(query: TProvidersQuery): Promise<TCatalogueProvider[]> {
      return (await listCatalogue(db, query)).map(toProvider);
    },

    async getProvider(providerUid: string): Promise<TCatalogueProvider> {
      const row = await findProvider(db, providerUid, { listedOnly: true });
      if (!row) throw new AppError('NOT_FOUND', codedMessage('messages.providerNotFound'));
      return toProvider(row);
    },

    listAccounts(context: OrganizationContext): Promise<TProviderAccount[]> {
      return listAccounts(db, context.organization.uid);
    },

    async getAccount(context: OrganizationContext, providerUid: string): Promise<TProviderAccount> {
      const account = await findAccount(db, context.organization.uid, providerUid);
      if (!account) throw new AppError('NOT_FOUND', codedMessage('messages.noOnboarding'));
      return account;
    },

    /**
     * Starts onboarding with a provider, once: an existing account is answered as it is (a Failed
     * one starts again with the next attempt). 404 for an unknown provider, 409 when its onboarding
     * is closed.
     */
    async startOnboarding(context: OrganizationContext, providerUid: string): Promise<TProviderAccount> {
      const organizationUid = context.organization.uid;
      const started = await db.transaction(async (tx) => {
        const provider = await findProvider(tx, providerUid, { listedOnly: true });
        if (!provider) throw new AppError('NOT_FOUND', codedMessage('messages.providerNotFound'));
        let account = await lockAccount(tx, organizationUid, providerUid);
        if (account && account.status !== 'Failed') return false;
        if (!provider.onboardingOpen || !deps.adapters(provider)) {
          throw new AppError('CONFLICT', codedMessage('messages.providerOnboardingClosed'));
        }
        const from = account?.status ?? null;
        if (account) {
          account = await updateAccount(tx, account.uid, {
            status: 'Submitting',
            attempt: account.attempt + 1,
            reason: null,
            requirements: [],
            startedBy: context.user.uid,
          });
        } else {
          account = await insertAccount(tx, { organizationUid, providerUid, startedBy: context.user.uid });
          // Another request inserted it between our read and our insert: answer that one.
          if (!account) return false;
        }
        await enqueueJob(tx, {
          kind: ONBOARDING_JOB_KIND,
          payload: { accountUid: account.uid, attempt: account.attempt },
          key: `${ONBOARDING_JOB_KIND}:${account.uid}:${account.attempt}`,
        });
        await recordAudit(tx, {
          organizationUid,
          actor: userActor(context.user),
          action: `${SUBJECT}.onboarding_started`,
          subjectType: SUBJECT,
          subjectUid: account.uid,
          from,
          to: 'Submitting',
          data: { providerUid, attempt: account.attempt },
        });
        return true;
      });
      if (started) {
        deps.wake();
        await publish(organizationUid, providerUid);
      }
      const account = await findAccount(db, organizationUid, providerUid);
      if (!account) throw new Error('The provider account vanished after its start');
      return account;
    },

    /**
     * A provider's webhook: the provider must exist and have an adapter (404), the signature must
     * hold over the raw body (401), the event must be one we know (400). The event id is stored
     * in the same transaction as the change, so a replay answers 200 and changes nothing.
     */
    async receiveWebhook(
      providerUid: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ duplicate: boolean; organizationUid?: string | undefined }> {
      const provider = await findProvider(db, providerUid, { listedOnly: false });
      const adapter = provider ? deps.adapters(provider) : null;
      if (!provider || !adapter) throw new AppError('NOT_FOUND', codedMessage('messages.providerNotFound'));
      let event: ReturnType<typeof adapter.verifyWebhook>;
      try {
        event = adapter.verifyWebhook(rawBody, headers);
      } catch (error) {
        if (!(error instanceof WebhookRefused)) throw error;
        log.warn({ providerUid, reason: error.reason, detail: error.message }, 'Provider webhook refused');
        if (error.reason === 'bad-signature' || error.reason === 'stale') {
          throw new AppError('UNAUTHENTICATED', codedMessage('messages.webhookSignatureInvalid'));
        }
        throw new AppError('VALIDATION', codedMessage('messages.webhookEventUnknown'));
      }

      if (event.type === 'transfer.updated') {
        const { transferUpdates } = deps;
        if (!transferUpdates) throw new AppError('VALIDATION', codedMessage('messages.webhookEventUnknown'));
        const outcome = await db.transaction(async (tx) => {
          const fresh = await recordWebhookEvent(tx, { providerUid, eventId: event.id, type: event.type });
          if (!fresh) return { duplicate: true, applied: undefined };
          return { duplicate: false, applied: await transferUpdates.apply(tx, providerUid, event.transfer) };
        });
        if (outcome.duplicate)
          log.info({ providerUid, eventId: event.id }, 'Duplicate provider webhook ignored');
        await outcome.applied?.after?.();
        return { duplicate: outcome.duplicate, organizationUid: outcome.applied?.organizationUid };
      }

      const outcome = await db.transaction(async (tx) => {
        const fresh = await recordWebhookEvent(tx, { providerUid, eventId: event.id, type: event.type });
        if (!fresh) return { duplicate: true, changed: undefined, account: undefined };
        const reference = z.uuid().safeParse(event.onboarding.externalReference);
        const account = reference.success ? await lockAccountByUid(tx, reference.data) : undefined;
        if (!account || account.providerUid !== providerUid) {
          log.warn(
            { providerUid, eventId: event.id },
            'Provider webhook for an onboarding we do not know; ignored',
          );
          return { duplicate: false, changed: undefined, account: undefined };
        }
        const changed = await applyProviderState(tx, account, event.onboarding, {
          kind: 'provider',
          providerUid,
        });
        return { duplicate: false, changed: changed ? account : undefined, account };
      });
      if (outcome.duplicate)
        log.info({ providerUid, eventId: event.id }, 'Duplicate provider webhook ignored');
      if (outcome.changed) await publish(outcome.changed.organizationUid, providerUid);
      return { duplicate: outcome.duplicate, organizationUid: outcome.account?.organizationUid };
    },
  };
}

import { coded, deferred, english, ZCodedMessage, ZIsoDateTime, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { ZDecimalString, ZFiatCurrency } from './money';
import { ZNetworkId } from './network-ids';

/**
 * The provider catalogue (/explore) and the organization's accounts with providers (/open-stable).
 * Organization-scoped (x-organization-uid), approved organizations only, under /api/v0:
 *
 * | Call | Who | Body | Answer |
 * |---|---|---|---|
 * | GET providers?currency&network | every member (rails.read) | | 200 {data: TCatalogueProvider[]} |
 * | GET providers/{providerUid} | every member | | 200 {data: TCatalogueProvider} |
 * | GET provider-accounts | every member | | 200 {data: TProviderAccount[]} |
 * | GET provider-accounts/{providerUid} | every member | | 200 {data: TProviderAccount} (404 none yet) |
 * | POST provider-accounts | Admins, Editors (openStable.onboard) | {providerUid} | 202 {data: TProviderAccount} |
 * | POST providers/webhooks/{providerUid} | the provider (signed, no session) | the provider's event | 200 {data: {received}} |
 *
 * POST provider-accounts is idempotent per (organization, provider): a second start answers the
 * existing account; a Failed one starts again. The provider is called after the commit, by a job.
 */

export const ZProviderFiat = deferred(() =>
  z.object({
    currency: ZFiatCurrency,
    rail: z.enum(['Pix', 'SPEI']),
  }),
);

/** A stablecoin (token symbol as the provider names it, e.g. testbrz, USDC) on one network. */
export const ZProviderStablecoin = deferred(() =>
  z.object({
    symbol: z.string().min(1).max(20),
    network: ZNetworkId,
  }),
);

/** Fees and limits per fiat currency: percentage (e.g. '0.50' = 0.5 %) plus a fixed fee, per transfer. */
export const ZProviderFee = deferred(() =>
  z.object({
    currency: ZFiatCurrency,
    percentageFee: ZDecimalString,
    fixedFee: ZDecimalString,
    minAmount: ZDecimalString,
    maxAmount: ZDecimalString,
  }),
);

export const ZCatalogueProvider = deferred(() =>
  z.object({
    uid: ZUid,
    name: z.string(),
    /** Null: the UI shows the name's first two letters. */
    logoUrl: z.string().nullable(),
    description: z.string(),
    /** ISO 3166-1 alpha-2 country codes. */
    countries: z.array(z.string().length(2)),
    fiat: z.array(ZProviderFiat),
    stablecoins: z.array(ZProviderStablecoin),
    /** The networks of its stablecoins, once each. */
    networks: z.array(ZNetworkId),
    fees: z.array(ZProviderFee),
    onboardingOpen: z.boolean(),
  }),
);
export type TCatalogueProvider = z.infer<typeof ZCatalogueProvider>;

/** GET providers filters; an unknown value is a 400 (the UI only offers known ones). */
export const ZProvidersQuery = deferred(() =>
  z.object({
    currency: ZFiatCurrency.optional(),
    network: ZNetworkId.optional(),
  }),
);
export type TProvidersQuery = z.infer<typeof ZProvidersQuery>;

export const ZProvidersResponse = deferred(() => z.object({ data: z.array(ZCatalogueProvider) }));
export const ZProviderResponse = deferred(() => z.object({ data: ZCatalogueProvider }));
export const ZProviderParams = deferred(() => z.object({ providerUid: ZUid }));

/**
 * Submitting: saved, the provider not yet told (a job does it after the commit). Pending: the
 * provider reviews (it may list requirements). Active: onboarded. Rejected: refused, with the
 * provider's reason. Failed: the provider could not be reached or failed it; starting again retries.
 */
export const PROVIDER_ACCOUNT_STATUSES = ['Submitting', 'Pending', 'Active', 'Rejected', 'Failed'] as const;
export const ZProviderAccountStatus = deferred(() => z.enum(PROVIDER_ACCOUNT_STATUSES));
export type TProviderAccountStatus = z.infer<typeof ZProviderAccountStatus>;

/** Something the provider asks for before it can approve (or why it rejected). */
export const ZProviderRequirement = deferred(() =>
  z.object({
    code: z.string(),
    description: z.string(),
  }),
);
export type TProviderRequirement = z.infer<typeof ZProviderRequirement>;

/**
 * The API's own reasons for failing an onboarding (the provider's are its own words): they travel
 * with their code (`reasonCode`) and are shown in the reader's language, the provider's as they came.
 */
export const PROVIDER_NOT_INSTALLED_MESSAGE = english('messages.providerUnavailable');
export const PROVIDER_NO_KYB_MESSAGE = english('messages.providerNoKyb');

export const ZProviderAccount = deferred(() =>
  z.object({
    uid: ZUid,
    provider: z.object({ uid: ZUid, name: z.string(), logoUrl: z.string().nullable() }),
    status: ZProviderAccountStatus,
    /** Why the provider rejected it (or why it failed); null otherwise. */
    reason: z.string().nullable(),
    /** The code of `reason` when the reason is the API's own; null for the provider's words. */
    reasonCode: ZCodedMessage.nullable().optional(),
    requirements: z.array(ZProviderRequirement),
    /** The provider's own id of the onboarding, once it has one. */
    externalId: z.string().nullable(),
    createdAt: ZIsoDateTime,
    updatedAt: ZIsoDateTime,
  }),
);
export type TProviderAccount = z.infer<typeof ZProviderAccount>;

export const ZProviderAccountsResponse = deferred(() => z.object({ data: z.array(ZProviderAccount) }));
export const ZProviderAccountResponse = deferred(() => z.object({ data: ZProviderAccount }));

export const ZStartOnboardingRequest = deferred(() =>
  z.object({
    providerUid: z.uuid(coded('messages.chooseProvider')),
  }),
);
export type TStartOnboardingRequest = z.infer<typeof ZStartOnboardingRequest>;

export const ZProviderWebhookResponse = deferred(() =>
  z.object({
    data: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  }),
);

export const PROVIDER_NOT_FOUND_MESSAGE = english('messages.providerNotFound');
/** 503: the provider timed out, was unreachable or failed on its side (a quote asked now); nothing was saved. */
export const PROVIDER_UNAVAILABLE_MESSAGE = english('messages.providerUnreachable');
export const PROVIDER_ACCOUNT_NOT_FOUND_MESSAGE = english('messages.noOnboarding');
export const ONBOARDING_CLOSED_MESSAGE = english('messages.providerOnboardingClosed');
export const PROVIDER_WEBHOOK_SIGNATURE_MESSAGE = english('messages.webhookSignatureInvalid');
export const PROVIDER_WEBHOOK_UNKNOWN_EVENT_MESSAGE = english('messages.webhookEventUnknown');

import type { TProviderRequirement, TTransferInstructions, TTransferStatus } from '@dash/shared/contracts';

/**
 * The one seam between the product and a third-party provider. Services speak only this interface;
 * each provider record names the adapter that implements it (registry.ts). Issue 11 adds quotes and
 * transfers here, on the same HTTP/auth/idempotency plumbing (http-client.ts).
 */
export interface ProviderAdapter {
  /**
   * Asks the provider to onboard an organization. `idempotencyKey` makes a repeated call (a retried
   * job, a crash between the call and our commit) answer the same onboarding, never a second one.
   */
  startOnboarding(
    account: OnboardingAccount,
    kybData: Record<string, unknown>,
    idempotencyKey: string,
  ): Promise<ProviderOnboarding>;
  getOnboarding(externalId: string): Promise<ProviderOnboarding>;
  /** A price for one amount, valid until its expiry. */
  createQuote(request: ProviderQuoteRequest, idempotencyKey: string): Promise<ProviderQuote>;
  /**
   * Accepts a quote as a transfer. `idempotencyKey` is our transfer uid: a repeated call (a retried
   * job, a crash between the call and our commit) answers the same transfer, never a second one.
   */
  createTransfer(request: ProviderTransferRequest, idempotencyKey: string): Promise<ProviderTransfer>;
  getTransfer(externalId: string): Promise<ProviderTransfer>;
  /**
   * Checks a webhook's signature over its raw body and reads the event; throws a WebhookRefused
   * (bad signature or stale: 401; an event type we do not know: 400).
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): ProviderWebhookEvent;
}

/** Our side of an onboarding: the provider account row (its uid is the provider's external reference). */
export interface OnboardingAccount {
  uid: string;
  organizationUid: string;
  /** Where the provider posts its webhooks for this onboarding. */
  webhookUrl: string;
}

export type ProviderOnboardingStatus = 'pending' | 'needs_more_info' | 'approved' | 'rejected' | 'failed';

export interface ProviderOnboarding {
  externalId: string;
  /** Our provider account uid, echoed back. */
  externalReference: string;
  status: ProviderOnboardingStatus;
  reason: string | null;
  requirements: TProviderRequirement[];
}

export interface ProviderQuoteRequest {
  type: 'on_ramp' | 'off_ramp';
  currency: string;
  network: string;
  /** Decimal string: fiat for an on-ramp, stablecoin for an off-ramp. */
  amount: string;
}

/** Amounts are decimal strings. */
export interface ProviderQuote {
  externalId: string;
  sourceCurrency: string;
  sourceAmount: string;
  targetCurrency: string;
  targetAmount: string;
  rate: string;
  fee: string;
  feeCurrency: string;
  expiresAt: Date;
}

export interface ProviderTransferRequest {
  quoteExternalId: string;
  /** Our transfer uid, echoed back in webhooks. */
  externalReference: string;
  webhookUrl: string;
  destination:
    | { kind: 'wallet'; network: string; address: string }
    | { kind: 'bank'; type: string; accountKey: string; name: string };
}

/** The provider's statuses use our names; anything it adds maps onto them in the adapter. */
export type ProviderTransferStatus = Exclude<TTransferStatus, 'awaiting_approval'>;

export interface ProviderTransfer {
  externalId: string;
  externalReference: string;
  status: ProviderTransferStatus;
  instructions: TTransferInstructions;
  txHash: string | null;
  payoutReference: string | null;
  failureReason: string | null;
}

export type ProviderWebhookEvent =
  | {
      /** Unique per provider: a second delivery of one id is a duplicate. */
      id: string;
      type: 'onboarding.updated';
      onboarding: ProviderOnboarding;
    }
  | { id: string; type: 'transfer.updated'; transfer: ProviderTransfer };

/** A webhook we refuse: `reason` decides the answer (401 for signature/stale, 400 otherwise). */
export class WebhookRefused extends Error {
  constructor(
    readonly reason: 'bad-signature' | 'stale' | 'unknown-event' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'WebhookRefused';
  }
}

import type { TProviderRequirement } from '@dash/shared/contracts';

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

export type ProviderWebhookEvent = {
  /** Unique per provider: a second delivery of one id is a duplicate. */
  id: string;
  type: 'onboarding.updated';
  onboarding: ProviderOnboarding;
};

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

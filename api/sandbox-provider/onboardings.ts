import { HttpError, newId } from './requests';
import type { SandboxEvent, SandboxOnboarding, SandboxStore } from './store';
import type { SandboxWebhooks } from './webhooks';

/**
 * The sandbox's onboardings: reviewed `reviewSeconds` after they arrive, or at once by a test helper.
 * Automatic review: approved, unless the business name contains "reject" (rejected with a reason
 * and requirements) or "more info" (needs_more_info with requirements): deterministic demo branches.
 */
export const ONBOARDING_HELPERS = ['approve', 'reject', 'request-info', 'fail'] as const;
export type OnboardingHelper = (typeof ONBOARDING_HELPERS)[number];

export const publicOnboarding = ({ account: _account, reviewAt: _reviewAt, ...rest }: SandboxOnboarding) =>
  rest;

function requirementsFrom(value: unknown, fallback: SandboxOnboarding['requirements']) {
  if (!Array.isArray(value)) return fallback;
  return value
    .filter(
      (item): item is { code: unknown; description: unknown } => item !== null && typeof item === 'object',
    )
    .map((item) => ({
      code: String(item.code ?? 'requirement'),
      description: String(item.description ?? ''),
    }));
}

export function createOnboardings(store: SandboxStore, webhooks: SandboxWebhooks, reviewSeconds: number) {
  const { state } = store;

  function decide(
    onboarding: SandboxOnboarding,
    status: Exclude<SandboxOnboarding['status'], 'pending_review'>,
    details: { reason?: string | null; requirements?: SandboxOnboarding['requirements'] } = {},
  ): SandboxEvent {
    onboarding.status = status;
    onboarding.reason = details.reason ?? null;
    onboarding.requirements = details.requirements ?? [];
    onboarding.reviewAt = null;
    onboarding.updatedAt = new Date().toISOString();
    const event = webhooks.emit(
      onboarding.account,
      `onboarding.${status}`,
      { onboarding: publicOnboarding(onboarding) },
      onboarding.webhookUrl,
    );
    store.save();
    return event;
  }

  function automaticDecision(onboarding: SandboxOnboarding): void {
    const name = String(onboarding.business.name ?? onboarding.business.legalName ?? '').toLowerCase();
    if (name.includes('reject')) {
      decide(onboarding, 'rejected', {
        reason: 'The business activity is outside our risk appetite.',
        requirements: [{ code: 'business_activity', description: 'A business activity we can serve' }],
      });
    } else if (name.includes('more info')) {
      decide(onboarding, 'needs_more_info', {
        requirements: [
          { code: 'proof_of_address', description: 'A proof of address less than 3 months old' },
        ],
      });
    } else {
      decide(onboarding, 'approved');
    }
  }

  function of(account: string, id: string | undefined): SandboxOnboarding {
    const onboarding = id ? state.onboardings[id] : undefined;
    if (!onboarding || onboarding.account !== account) {
      throw new HttpError(404, 'not_found', 'No such onboarding.');
    }
    return onboarding;
  }

  return {
    of,

    create(account: string, body: Record<string, unknown>): SandboxOnboarding {
      const externalReference = body.externalReference;
      if (typeof externalReference !== 'string' || externalReference === '') {
        throw new HttpError(400, 'invalid_request', 'externalReference is required.');
      }
      const business = body.business;
      if (!business || typeof business !== 'object' || Array.isArray(business)) {
        throw new HttpError(400, 'invalid_request', 'business must be an object.');
      }
      const webhookUrl =
        typeof body.webhookUrl === 'string' && body.webhookUrl !== '' ? body.webhookUrl : null;
      const now = new Date();
      const onboarding: SandboxOnboarding = {
        id: newId('onb'),
        account,
        externalReference,
        business: business as Record<string, unknown>,
        status: 'pending_review',
        reason: null,
        requirements: [],
        webhookUrl,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        reviewAt: now.getTime() + reviewSeconds * 1000,
      };
      state.onboardings[onboarding.id] = onboarding;
      return onboarding;
    },

    /** A test helper's decision, now. */
    decideNow(onboarding: SandboxOnboarding, helper: OnboardingHelper, body: Record<string, unknown>) {
      const reason = typeof body.reason === 'string' && body.reason !== '' ? body.reason : null;
      switch (helper) {
        case 'approve':
          return decide(onboarding, 'approved');
        case 'reject':
          return decide(onboarding, 'rejected', {
            reason: reason ?? 'Rejected in the sandbox.',
            requirements: requirementsFrom(body.requirements, []),
          });
        case 'request-info':
          return decide(onboarding, 'needs_more_info', {
            requirements: requirementsFrom(body.requirements, [
              { code: 'additional_documents', description: 'Additional company documents' },
            ]),
          });
        case 'fail':
          return decide(onboarding, 'failed', {
            reason: reason ?? 'The provider could not process the onboarding.',
          });
      }
    },

    /** Decides every onboarding whose review time has come. */
    reviewDue(now = Date.now()): void {
      for (const onboarding of Object.values(state.onboardings)) {
        if (
          onboarding.status === 'pending_review' &&
          onboarding.reviewAt !== null &&
          onboarding.reviewAt <= now
        ) {
          automaticDecision(onboarding);
        }
      }
    },
  };
}

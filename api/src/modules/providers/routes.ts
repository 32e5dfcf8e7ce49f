import {
  ZProviderAccountResponse,
  ZProviderAccountsResponse,
  ZProviderParams,
  ZProviderResponse,
  ZProvidersQuery,
  ZProvidersResponse,
  ZProviderWebhookResponse,
  ZStartOnboardingRequest,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { approvedOrganizationGuard } from '../../http/guards';
import { defineRoute } from '../../http/route';
import type { ProviderService } from './service';

/** The catalogue and the organization's provider accounts: approved organizations only. */
export function registerProviderRoutes(app: FastifyInstance, deps: { providers: ProviderService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/providers',
    summary: 'The provider catalogue, filtered by fiat currency and stablecoin network',
    guard: approvedOrganizationGuard('rails.read'),
    query: ZProvidersQuery,
    response: ZProvidersResponse,
    async handler({ query }) {
      return { data: await deps.providers.listProviders(query) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/providers/:providerUid',
    messageCodes: ['messages.providerNotFound'],
    summary: 'One provider of the catalogue',
    guard: approvedOrganizationGuard('rails.read'),
    params: ZProviderParams,
    response: ZProviderResponse,
    async handler({ params }) {
      return { data: await deps.providers.getProvider(params.providerUid) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/provider-accounts',
    summary: "The organization's accounts with providers and their onboarding status",
    guard: approvedOrganizationGuard('rails.read'),
    response: ZProviderAccountsResponse,
    async handler({ auth }) {
      return { data: await deps.providers.listAccounts(auth) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/provider-accounts/:providerUid',
    messageCodes: ['messages.noOnboarding'],
    summary: "The organization's account with one provider",
    guard: approvedOrganizationGuard('rails.read'),
    params: ZProviderParams,
    response: ZProviderAccountResponse,
    async handler({ auth, params }) {
      return { data: await deps.providers.getAccount(auth, params.providerUid) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/provider-accounts',
    messageCodes: ['messages.providerOnboardingClosed', 'messages.providerNotFound'],
    status: 202,
    summary: 'Start onboarding with a provider (once per provider; the provider is called by a job)',
    guard: approvedOrganizationGuard('openStable.onboard'),
    body: ZStartOnboardingRequest,
    response: ZProviderAccountResponse,
    async handler({ auth, body }) {
      return { data: await deps.providers.startOnboarding(auth, body.providerUid) };
    },
  });
}

/**
 * POST providers/webhooks/{providerUid}: no session; the provider's signature over the raw body is
 * the authentication, so this plugin keeps the JSON body as bytes.
 */
export async function registerProviderWebhookRoutes(
  app: FastifyInstance,
  deps: { providers: ProviderService },
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );

  defineRoute(app, {
    method: 'POST',
    url: '/providers/webhooks/:providerUid',
    messageCodes: [
      'messages.providerNotFound',
      'messages.webhookEventUnknown',
      'messages.webhookSignatureInvalid',
    ],
    summary: "A provider's signed webhook (no session; HMAC signature over the raw body)",
    // The provider's own signature header (each adapter names it) is the authentication.
    access: { security: [], errors: ['UNAUTHENTICATED'] },
    params: ZProviderParams,
    response: ZProviderWebhookResponse,
    async handler({ request, params }) {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { duplicate, organizationUid } = await deps.providers.receiveWebhook(
        params.providerUid,
        raw,
        request.headers,
      );
      // What it changed is one organization's (a transfer, a provider account): the read cache
      // forgets that organization's reads only (http/read-cache.ts).
      if (organizationUid) request.organizationScope = organizationUid;
      return { data: { received: true as const, duplicate } };
    },
  });
}

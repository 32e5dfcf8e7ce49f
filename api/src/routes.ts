import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerEventRoutes } from './events/routes';
import { registerApiKeyRoutes } from './modules/api-keys/index';
import { createAuditLogService, registerAuditRoutes } from './modules/audit/index';
import { registerAuthRoutes } from './modules/auth/index';
import {
  createCounterpartyService,
  registerCounterpartyReferenceRoutes,
  registerCounterpartyRoutes,
} from './modules/counterparties/index';
import { createDevService, registerDevRoutes } from './modules/dev/index';
import { registerDocumentRoutes } from './modules/documents/index';
import { createHealthService, registerHealthRoutes } from './modules/health/index';
import { registerHoldingsRoutes } from './modules/holdings/index';
import { registerInvitationRoutes } from './modules/invitations/index';
import { registerKybReviewRoutes, registerKybRoutes } from './modules/kyb/index';
import { registerMeRoutes } from './modules/me/index';
import { createMemberService, registerMemberRoutes } from './modules/members/index';
import { registerInboundRoutes, registerMessageRoutes } from './modules/messages/index';
import { registerNotificationRoutes } from './modules/notifications/index';
import { registerOrganizationAvatarRoutes, registerOrganizationRoutes } from './modules/organization/index';
import { createOverviewService, registerOverviewRoutes } from './modules/overview/index';
import { registerProfileRoutes } from './modules/profile/index';
import { registerProviderRoutes, registerProviderWebhookRoutes } from './modules/providers/index';
import { registerReferenceRoutes } from './modules/reference/index';
import { registerReleaseRoutes } from './modules/releases/index';
import { registerRemotesRoutes } from './modules/remotes/index';
import { registerSafeTransactionRoutes } from './modules/safe-transactions/index';
import { createSigningDeviceService, registerSigningDeviceRoutes } from './modules/signing-devices/index';
import { registerTransferRoutes } from './modules/transfers/index';
import { registerUploadRoutes } from './modules/uploads/index';
import { registerWalletRoutes } from './modules/wallet/index';
import { registerWebhookRoutes } from './modules/webhooks/index';

/** What a route module is handed, by the name it takes it under (the services app.ts builds). */
type Dep<F extends (...args: never[]) => unknown, K extends string> =
  Parameters<F>[1] extends Record<K, infer T> ? T : never;

export interface ApiServices {
  db: Database;
  config: Config;
  version: string;
  auth: Dep<typeof registerAuthRoutes, 'auth'>;
  me: Dep<typeof registerMeRoutes, 'me'>;
  organizations: Dep<typeof registerOrganizationRoutes, 'organizations'>;
  invitations: Dep<typeof registerInvitationRoutes, 'invitations'>;
  apiKeys: Dep<typeof registerApiKeyRoutes, 'apiKeys'>;
  profile: Dep<typeof registerProfileRoutes, 'profile'>;
  wallet: Dep<typeof registerWalletRoutes, 'wallet'>;
  safeTransactions: Parameters<typeof registerSafeTransactionRoutes>[1];
  remotes: Dep<typeof registerRemotesRoutes, 'remotes'>;
  messages: Dep<typeof registerMessageRoutes, 'messages'>;
  uploads: Dep<typeof registerUploadRoutes, 'uploads'>;
  kyb: Dep<typeof registerKybRoutes, 'kyb'>;
  documents: Dep<typeof registerDocumentRoutes, 'documents'>;
  inbound: Dep<typeof registerInboundRoutes, 'inbound'>;
  providers: Dep<typeof registerProviderRoutes, 'providers'>;
  transfers: Dep<typeof registerTransferRoutes, 'transfers'>;
  pendingTransfers: Parameters<typeof createCounterpartyService>[0]['pendingTransfers'];
  holdings: Dep<typeof registerHoldingsRoutes, 'holdings'>;
  events: Dep<typeof registerEventRoutes, 'events'>;
  webhooks: Dep<typeof registerWebhookRoutes, 'webhooks'>;
  releases: Dep<typeof registerReleaseRoutes, 'releases'>;
}

/** Every API route, under API_PREFIX: each module registers its own with the services it needs. */
export async function registerApiRoutes(api: FastifyInstance, services: ApiServices): Promise<void> {
  const { db, config } = services;
  registerHealthRoutes(api, { health: createHealthService({ db }) });
  await registerReferenceRoutes(api, { version: services.version });
  registerAuthRoutes(api, { auth: services.auth });
  registerMeRoutes(api, { me: services.me });
  registerOrganizationRoutes(api, { organizations: services.organizations });
  await api.register(registerOrganizationAvatarRoutes, { organizations: services.organizations });
  registerMemberRoutes(api, { members: createMemberService({ db }) });
  registerAuditRoutes(api, { audit: createAuditLogService({ db }) });
  registerInvitationRoutes(api, { invitations: services.invitations });
  registerApiKeyRoutes(api, { apiKeys: services.apiKeys });
  registerProfileRoutes(api, { profile: services.profile });
  registerNotificationRoutes(api, { db });
  registerSigningDeviceRoutes(api, { signingDevices: createSigningDeviceService({ db }) });
  registerWalletRoutes(api, { wallet: services.wallet, db });
  registerSafeTransactionRoutes(api, services.safeTransactions);
  registerRemotesRoutes(api, { remotes: services.remotes });
  registerMessageRoutes(api, { messages: services.messages });
  await api.register(registerUploadRoutes, { uploads: services.uploads });
  registerKybRoutes(api, { kyb: services.kyb });
  registerKybReviewRoutes(api, { kyb: services.kyb, documents: services.documents });
  registerDocumentRoutes(api, { documents: services.documents });
  await api.register(registerInboundRoutes, {
    inbound: services.inbound,
    secret: config.messages.inboundSecret,
    maxBytes: config.messages.inboundMaxBytes,
  });
  registerProviderRoutes(api, { providers: services.providers });
  await api.register(registerProviderWebhookRoutes, { providers: services.providers });
  registerCounterpartyReferenceRoutes(api);
  registerCounterpartyRoutes(api, {
    counterparties: createCounterpartyService({ db, pendingTransfers: services.pendingTransfers }),
  });
  registerTransferRoutes(api, { transfers: services.transfers, db });
  registerOverviewRoutes(api, { overview: createOverviewService({ db }) });
  registerHoldingsRoutes(api, { holdings: services.holdings });
  registerEventRoutes(api, { events: services.events });
  registerWebhookRoutes(api, { webhooks: services.webhooks });
  registerReleaseRoutes(api, { releases: services.releases, token: config.releases.token });
  if (config.outboxEnabled) registerDevRoutes(api, { dev: createDevService({ db }) });
}

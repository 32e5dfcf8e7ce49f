import { randomUUID } from 'node:crypto';
import { API_PREFIX, codedMessage } from '@dash/shared/contracts';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { BuildAppOptions } from './app-types';
import { createBlobStore } from './blobs/store';
import { createChains } from './chain/index';
import { createClusteredEventBus, createInProcessEventBus } from './events/bus';
import { cachedAccess, cachedMeService, registerReadCache } from './http/cached-access';
import { AppError, registerErrorHandling } from './http/errors';
import { declaredMessageCodes, recordRouteTable } from './http/openapi';
import { illFormedTextError, registerNoStore, registerOriginCheck } from './http/request-policy';
import { setSessionCookie } from './http/session-cookie';
import { createJobRunner } from './jobs/runner';
import { createApiKeyService } from './modules/api-keys/index';
import { registerAuditSource } from './modules/audit/index';
import { createAuthService } from './modules/auth/index';
import { createDocumentService } from './modules/documents/index';
import { createHoldingsService } from './modules/holdings/index';
import { createInvitationService } from './modules/invitations/index';
import { createKybService, retiredDecisionMailJob } from './modules/kyb/index';
import { createMailer } from './modules/mail/index';
import { createMeService } from './modules/me/index';
import {
  createInboundService,
  createInboundSmtpListener,
  createMessageService,
} from './modules/messages/index';
import { dispatchJob, mailJob } from './modules/notifications/index';
import { createOrganizationService } from './modules/organization/index';
import { createProfileService } from './modules/profile/index';
import { createProviderAdapters, createProviderService } from './modules/providers/index';
import { openReleases, organizationDirectory, registerReleaseFileRoutes } from './modules/releases/index';
import { createRemotesService } from './modules/remotes/index';
import {
  awaitsSignature,
  enqueueOffRampPayment,
  executeSafeTransactionJob,
  payOffRampJobs,
  retiredSignatureMailJob,
} from './modules/safe-transactions/index';
import { createTransferService, retiredApprovalMailJob } from './modules/transfers/index';
import { createUploadService } from './modules/uploads/index';
import { createWalletChains, createWalletService } from './modules/wallet/index';
import { createWebhookService } from './modules/webhooks/index';
import { registerApiRoutes } from './routes';
import { readShellTemplate, registerDashboard } from './web/dashboard';
import { inlineScriptHashes, registerDashboardSecurityHeaders } from './web/security-headers';
import { loadServerRenderer } from './web/server-render';

/** The API's own version (api/package.json), shown in the API reference. */
const API_VERSION = '0.1.0';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Sign-in tokens travel in the URL of POST auth/{token}: keep them out of the request log. */
function redactUrl(url: string): string {
  return url.replace(/(\/auth\/)(?!sign-out\b)[^/?#]+/, '$1[token]');
}

export async function buildApp({
  config,
  db,
  mailer,
  logStream,
  jobs: jobOptions,
  cacheReads = false,
  cacheAnswers = true,
  walletChain,
  walletTiming,
  blobs: givenBlobs,
  events: givenEvents,
  cluster: linkCluster,
  now,
  providerAdapters,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Unique across processes and restarts: audit rows name the request that made them.
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Long enough for any token the contracts accept, so their own validation message answers.
    routerOptions: { maxParamLength: 256 },
    // Malformed URLs (bad percent-encoding, overlong parameters) answer in the usual error shape.
    // They fail before the onRequest hooks, so the request id header is set here too.
    frameworkErrors: (error, request, reply) => {
      const appError = new AppError('VALIDATION', codedMessage('messages.requestUrlInvalid'));
      reply.log.info({ code: error.code }, appError.message);
      (reply as FastifyReply)
        .code(appError.status)
        .header('x-request-id', request.id)
        .send(appError.toBody(request.id));
    },
  });

  recordRouteTable(app);
  registerAuditSource(app);
  // Tests build the app with NODE_ENV=test: there an undeclared message code fails the test.
  registerErrorHandling(app, config.nodeEnv === 'test' ? { declaredMessageCodes } : {});
  await app.register(fastifyCookie);
  // The shell's index.html, read once: its inline scripts' hashes go into the CSP, and it is the page template.
  const shellTemplate = config.webDistDir ? readShellTemplate(config.webDistDir) : undefined;
  await registerDashboardSecurityHeaders(app, {
    remoteOrigins: config.releases.remoteOrigins,
    scriptHashes: shellTemplate ? inlineScriptHashes(shellTemplate) : [],
    production: config.nodeEnv === 'production',
  });

  // JSON only: any other content type is a 415. An empty JSON body counts as no body (POST auth/{token}).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    // Its text must also be well-formed Unicode (no lone surrogate): a 400 naming the field.
    parseJson(request, text, (error, json) => {
      if (error) done(error, undefined);
      else done(illFormedTextError(text, json) ?? null, json);
    });
  });

  registerOriginCheck(app, config.allowedOrigins);
  registerNoStore(app);

  const outgoingMail = mailer ?? createMailer(config, { db, logger: app.log });
  const auth = createAuthService({
    db,
    config,
    mailer: outgoingMail,
  });
  const organizations = createOrganizationService({ db });
  const invitations = createInvitationService({ db, mailer: outgoingMail, config, organizations });
  const profile = createProfileService({ db, mailer: outgoingMail, config });
  const { readCache, cluster } = await registerReadCache(app, { cacheReads, cacheAnswers, linkCluster });
  const apiKeys = createApiKeyService({ db, config });
  const access = cachedAccess(readCache, { auth, organizations, apiKeys });
  const cachedMe = cachedMeService(readCache, createMeService({ db, config }));

  const jobs = createJobRunner({
    db,
    log: app.log.child({ component: 'jobs' }),
    retentionMs: config.jobRetentionHours * 60 * 60 * 1000,
    ...jobOptions,
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  const walletChains = createWalletChains(config.wallet, config.chains, walletChain ? [walletChain] : []);
  const wallet = createWalletService({
    db,
    chains: walletChains,
    wake: () => jobs.wake(),
    ...(walletTiming ? { timing: walletTiming } : {}),
  });
  jobs.register(wallet.deployJob);

  app.decorate('appConfig', config);
  app.decorate('access', access);
  app.decorateRequest('sessionLookup', null);
  app.decorateRequest('apiKeyLookup', null);
  app.decorateRequest('extendedSessionToken', null);
  app.decorateRequest('organizationScope', null);
  app.addHook('onSend', async (request, reply, payload) => {
    // Sliding expiry: the session was pushed forward, so the browser's cookie is too.
    if (request.extendedSessionToken !== null && !reply.hasHeader('set-cookie')) {
      setSessionCookie(reply, config, request.extendedSessionToken);
    }
    return payload;
  });

  const blobs = givenBlobs ?? (await createBlobStore(config));
  const events = createClusteredEventBus(
    givenEvents ??
      createInProcessEventBus({
        onListenerError: (error) => app.log.error({ err: error }, 'An event listener failed'),
      }),
    cluster,
    {
      // Every event stands for a write in its organization, also one made outside a request
      // (inbound mail, jobs).
      onChange: (organizationUid) => readCache.invalidate(organizationUid),
      onPublished: (organizationUid, event) => void webhooks.onEvent(organizationUid, event),
      onBroadcastError: (error) =>
        app.log.error({ err: error }, 'Could not pass an event to the other API processes'),
    },
  );
  const messagesLog = app.log.child({ component: 'messages' });
  const uploads = createUploadService({
    db,
    blobs,
    config: config.uploads,
    jobs,
    log: app.log.child({ component: 'uploads' }),
    ...(now ? { now } : {}),
  });
  const inbound = createInboundService({ db, blobs, events, config: config.messages, log: messagesLog });
  const messages = createMessageService({
    db,
    blobs,
    events,
    uploads,
    mailer: outgoingMail,
    jobs,
    config: config.messages,
    log: messagesLog,
  });
  const inboundSmtp = createInboundSmtpListener({
    inbound,
    maxBytes: config.messages.inboundMaxBytes,
    hostname: config.messages.clientMailDomain,
    log: messagesLog,
  });
  const adapters = providerAdapters ?? createProviderAdapters(config.providers);
  const chains = createChains(config.chains);
  const holdings = createHoldingsService({ db, events, chains, log: app.log });
  app.decorate('holdings', holdings.watcher);
  app.addHook('onClose', () => holdings.watcher.stop());
  const transfers = createTransferService({
    db,
    events,
    adapters,
    chains,
    wake: () => jobs.wake(),
    webhookBaseUrl: config.providers.webhookBaseUrl,
    readCache,
    log: app.log.child({ component: 'transfers' }),
    // An off-ramp paid from the Safe: its payment proposed in the Safe's queue once it is due.
    payFromSafe: enqueueOffRampPayment,
  });
  const safeTransactions = {
    db,
    events,
    walletChains,
    chains,
    readCache,
    log: app.log,
    wake: () => jobs.wake(),
  };
  jobs.register(executeSafeTransactionJob(safeTransactions));
  for (const job of payOffRampJobs(safeTransactions)) jobs.register(job);
  jobs.register(transfers.submitJob);
  jobs.register(transfers.reconcileJob);
  jobs.register(transfers.verifyDeliveryJob);
  const notifications = {
    db,
    mailer: outgoingMail,
    publicUrl: config.publicUrl,
    wake: () => jobs.wake(),
    awaitsSignature,
  };
  jobs.register(dispatchJob(notifications));
  jobs.register(mailJob(notifications));
  // Mail jobs queued under their kinds from before the notifications module, told to it now.
  const retiredDeps = { db, wake: () => jobs.wake() };
  jobs.register(retiredApprovalMailJob(retiredDeps));
  jobs.register(retiredSignatureMailJob(retiredDeps));
  jobs.register(retiredDecisionMailJob(retiredDeps));
  const providers = createProviderService({
    db,
    events,
    adapters,
    transferUpdates: transfers.transferUpdates,
    wake: () => jobs.wake(),
    webhookBaseUrl: config.providers.webhookBaseUrl,
    // What providers are sent: the organization's approved KYB application (null: none, the account fails).
    kybData: async (organizationUid) => {
      const application = await kyb.approvedApplication(organizationUid);
      return application ? { organizationUid, ...application } : null;
    },
    log: app.log.child({ component: 'providers' }),
  });
  jobs.register(providers.onboardingJob);
  app.decorate('events', events);
  app.decorate('transfers', transfers);
  app.decorate('blobs', blobs);
  app.decorate('inbound', inbound);
  app.decorate('uploads', uploads);
  app.decorate('inboundSmtp', inboundSmtp);
  const documents = createDocumentService({
    db,
    blobs,
    uploads,
    events,
    log: app.log.child({ component: 'documents' }),
  });
  const kyb = createKybService({
    db,
    events,
    jobs,
    log: app.log.child({ component: 'kyb' }),
    // approvalStatus is part of every cached membership answer.
    onApprovalChanged: () => readCache.invalidate(),
  });
  app.decorate('kyb', kyb);
  const webhooks = createWebhookService({
    db,
    events,
    jobs,
    mailer: outgoingMail,
    publicUrl: config.publicUrl,
    production: config.nodeEnv === 'production',
    log: app.log.child({ component: 'webhooks' }),
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onClose', () => inboundSmtp.close());

  const { store: releaseStore, service: releases } = openReleases(config.releases, 'api', {
    // A canary names organizations by slug: one that does not exist is refused, not pinned for no one.
    organizations: organizationDirectory(db),
    onInvalidPinLines: (lines) =>
      app.log.error({ lines }, 'Pin log lines that are not pin entries were skipped'),
  });
  const remotes = createRemotesService({
    remotes: config.remotes,
    servedReleases: (organization) => releases.servedReleases(organization),
    allowedOrigins: config.releases.remoteOrigins,
    onRefused: (entry) =>
      app.log.error({ entry }, 'Remote origin not in REMOTE_ORIGINS; left out of the manifest'),
  });
  registerReleaseFileRoutes(app, { files: releaseStore });

  await app.register(
    (api) =>
      registerApiRoutes(api, {
        db,
        config,
        version: API_VERSION,
        auth,
        me: cachedMe,
        organizations,
        invitations,
        apiKeys,
        profile,
        wallet,
        safeTransactions,
        remotes,
        messages,
        uploads,
        kyb,
        documents,
        inbound,
        providers,
        transfers,
        pendingTransfers: transfers.pendingTransferUsage,
        holdings,
        events,
        webhooks,
        releases,
      }),
    { prefix: API_PREFIX },
  );
  if (config.webDistDir && shellTemplate) {
    await registerDashboard(app, {
      distDir: config.webDistDir,
      template: shellTemplate,
      outbox: config.outboxEnabled,
      serverRenderer: await loadServerRenderer(
        config.webServerRenderModule,
        { remotes: [...config.remotes] },
        app.log,
      ),
    });
  }

  return app;
}

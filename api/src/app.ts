import { API_PREFIX } from '@dash/shared/contracts';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError, registerErrorHandling } from './http/errors';
import type { AccessResolver } from './http/guards';
import { registerNoStore, registerOriginCheck } from './http/request-policy';
import { setSessionCookie } from './http/session-cookie';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './jobs/runner';
import { registerAuthRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { registerDevRoutes } from './modules/dev/routes';
import { createDevService } from './modules/dev/service';
import { registerHealthRoutes } from './modules/health/routes';
import { createHealthService } from './modules/health/service';
import { registerInvitationRoutes } from './modules/invitations/routes';
import { createInvitationService } from './modules/invitations/service';
import { createMailer, type Mailer } from './modules/mail/service';
import { registerMeRoutes } from './modules/me/routes';
import { createMeService } from './modules/me/service';
import { registerMemberRoutes } from './modules/members/routes';
import { createMemberService } from './modules/members/service';
import { registerOrganizationAvatarRoutes, registerOrganizationRoutes } from './modules/organization/routes';
import { createOrganizationService } from './modules/organization/service';
import { registerProfileRoutes } from './modules/profile/routes';
import { createProfileService } from './modules/profile/service';
import { registerReleaseFileRoutes, registerReleaseRoutes } from './modules/releases/routes';
import { openReleases } from './modules/releases/service';
import { registerRemotesRoutes } from './modules/remotes/routes';
import { createRemotesService } from './modules/remotes/service';
import { registerSigningDeviceRoutes } from './modules/signing-devices/routes';
import { createSigningDeviceService } from './modules/signing-devices/service';
import { createWalletChainAccess, type WalletChainAccess } from './modules/wallet/chain';
import { registerWalletRoutes } from './modules/wallet/routes';
import { createWalletService, type WalletTiming } from './modules/wallet/service';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Defaults to SMTP (SMTP_URL) or the outbox. */
  mailer?: Mailer;
  /** Where log lines go (JSON, one per line); stdout by default. Tests capture logs with it. */
  logStream?: { write(line: string): void };
  /** Job runner tuning (tests shorten the lease); main.ts starts it after listen, tests call drain(). */
  jobs?: Pick<JobRunnerOptions, 'pollMs' | 'leaseMs' | 'concurrency'>;
  /** The wallet's chain (default: WALLET_CHAIN at WALLET_RPC_URL); tests wrap it to watch or interrupt it. */
  walletChain?: WalletChainAccess;
  walletTiming?: WalletTiming;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job runner (api/src/jobs): modules register their job kinds on it. */
    jobs: JobRunner;
  }
}

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
  walletChain,
  walletTiming,
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
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Long enough for any token the contracts accept, so their own validation message answers.
    routerOptions: { maxParamLength: 256 },
    // Malformed URLs (bad percent-encoding, overlong parameters) answer in the usual error shape.
    frameworkErrors: (error, _request, reply) => {
      const appError = new AppError('VALIDATION', 'The request URL is not valid.');
      reply.log.info({ code: error.code }, appError.message);
      (reply as FastifyReply).code(appError.status).send(appError.toBody());
    },
  });

  registerErrorHandling(app);
  await app.register(fastifyCookie);

  // JSON only: any other content type is a 415. An empty JSON body counts as no body (POST auth/{token}).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
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
  const access: AccessResolver = {
    authenticate: (token) => auth.authenticate(token),
    authenticateForOrganization: (token, organizationUid) =>
      auth.authenticateForOrganization(token, organizationUid),
    findMembership: (organizationUid, userUid) => organizations.findForMember(organizationUid, userUid),
  };

  const jobs = createJobRunner({ db, log: app.log.child({ component: 'jobs' }), ...jobOptions });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  const wallet = createWalletService({
    db,
    chain: walletChain ?? createWalletChainAccess(config.wallet),
    wake: () => jobs.wake(),
    ...(walletTiming ? { timing: walletTiming } : {}),
  });
  jobs.register(wallet.deployJob);

  app.decorate('appConfig', config);
  app.decorate('access', access);
  app.decorateRequest('sessionLookup', null);
  app.decorateRequest('extendedSessionToken', null);
  app.addHook('onSend', async (request, reply, payload) => {
    // Sliding expiry: the session was pushed forward, so the browser's cookie is too.
    if (request.extendedSessionToken !== null && !reply.hasHeader('set-cookie')) {
      setSessionCookie(reply, config, request.extendedSessionToken);
    }
    return payload;
  });

  const { store: releaseStore, service: releases } = openReleases(config.releases, 'api');
  const remotes = createRemotesService({
    remotes: config.remotes,
    servedReleases: (organization) => releases.servedReleases(organization),
    allowedOrigins: config.releases.remoteOrigins,
    onRefused: (entry) =>
      app.log.error({ entry }, 'Remote origin not in REMOTE_ORIGINS; left out of the manifest'),
  });
  registerReleaseFileRoutes(app, { files: releaseStore });

  await app.register(
    async (api) => {
      registerHealthRoutes(api, { health: createHealthService({ db }) });
      registerAuthRoutes(api, { auth });
      registerMeRoutes(api, { me: createMeService({ db }) });
      registerOrganizationRoutes(api, { organizations });
      await api.register(registerOrganizationAvatarRoutes, { organizations });
      registerMemberRoutes(api, { members: createMemberService({ db }) });
      registerInvitationRoutes(api, { invitations });
      registerProfileRoutes(api, { profile });
      registerSigningDeviceRoutes(api, { signingDevices: createSigningDeviceService({ db }) });
      registerWalletRoutes(api, { wallet });
      registerRemotesRoutes(api, { remotes });
      registerReleaseRoutes(api, { releases, token: config.releases.token });
      if (config.outboxEnabled) registerDevRoutes(api, { dev: createDevService({ db }) });
    },
    { prefix: API_PREFIX },
  );

  return app;
}

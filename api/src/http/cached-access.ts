import type { TOrganization, TUser } from '@dash/shared/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type ClusterLink, createSingleProcessLink } from '../events/cluster';
import type { ApiKeyAnswer } from '../modules/api-keys/authenticate-api-key';
import type { AccessResolver, AuthenticatedSession } from './guards';
import { createReadCache, type ReadCache } from './read-cache';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The app's read cache (read-cache.ts), exact with one process or several: every request that may
 * write forgets what it may have changed before its answer leaves, here and, over the cluster link,
 * in every other process. Off unless main.ts says so. The cluster link is the event bus's too.
 */
export async function registerReadCache(
  app: FastifyInstance,
  options: {
    cacheReads: boolean;
    cacheAnswers: boolean;
    linkCluster: ((log: FastifyBaseLogger) => Promise<ClusterLink>) | undefined;
  },
): Promise<{ readCache: ReadCache; cluster: ClusterLink }> {
  const cluster = options.linkCluster
    ? await options.linkCluster(app.log.child({ component: 'cluster' }))
    : createSingleProcessLink();
  const readCache = createReadCache({ enabled: options.cacheReads, trusted: cluster.isCurrent });
  app.decorate('readCache', readCache);
  app.decorate('cacheAnswers', options.cacheAnswers);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_ONLY_METHODS.has(request.method)) {
      // A request confined to one organization forgets that organization's reads (and the unscoped ones).
      const organizationUid = request.organizationScope || undefined;
      readCache.invalidate(organizationUid);
      // Before the answer leaves: it waits until every other process has forgotten them too.
      if (readCache.enabled) {
        await cluster.broadcast({ type: 'invalidate', organizationUid }).catch((error) => {
          request.log.error({ err: error }, 'Could not tell the other API processes to forget cached reads');
        });
      }
    }
    return payload;
  });
  cluster.onMessage((message) => {
    if (message.type === 'invalidate') readCache.invalidate(message.organizationUid);
  });
  // Whatever was written while the link was down went unannounced.
  cluster.onResync(() => readCache.invalidate());
  app.addHook('onClose', () => cluster.close());
  return { readCache, cluster };
}

// A session answer is kept only when this request did not extend it, and only until it would change.
const sessionAnswer = (session: AuthenticatedSession | undefined) =>
  session && !session.extended ? (session.validUntil ?? null) : 0;

/**
 * Who may do what, kept in the read cache too, on one process or several: a write that changes it
 * (a member removed, a session signed out) answers only once every process has forgotten it, so the
 * next request is refused wherever it lands.
 */
export function cachedAccess(
  readCache: ReadCache,
  sources: {
    auth: Pick<AccessResolver, 'authenticate' | 'authenticateForOrganization'>;
    organizations: { findForMember: AccessResolver['findMembership'] };
    apiKeys: { authenticate(secret: string): Promise<ApiKeyAnswer> };
  },
): AccessResolver {
  return {
    // Unscoped, like a session: every write forgets it (a revocation, a change of its creator's
    // role), on every process before the write's answer leaves; it also lapses when its last use is due.
    authenticateApiKey: (secret) =>
      readCache.read(`api-key:${secret}`, async () => {
        const { access, validUntil } = await sources.apiKeys.authenticate(secret);
        return { value: access, validUntil };
      }),
    authenticate: (token) =>
      readCache.read(`session:${token}`, async () => {
        const session = await sources.auth.authenticate(token);
        return { value: session, validUntil: session ? sessionAnswer(session) : null };
      }),
    authenticateForOrganization: (token, organizationUid) =>
      readCache.read(
        `session:${token}:${organizationUid}`,
        async () => {
          const found = await sources.auth.authenticateForOrganization(token, organizationUid);
          return { value: found, validUntil: found ? sessionAnswer(found.session) : null };
        },
        organizationUid,
      ),
    findMembership: (organizationUid, userUid) =>
      readCache.read(
        `membership:${organizationUid}:${userUid}`,
        async () => ({
          value: await sources.organizations.findForMember(organizationUid, userUid),
          validUntil: null,
        }),
        organizationUid,
      ),
  };
}

/** The me service with the user's organization list kept in the read cache. */
export function cachedMeService<T extends { organizations(user: TUser): Promise<TOrganization[]> }>(
  readCache: ReadCache,
  me: T,
): T {
  return {
    ...me,
    organizations: (user: TUser) =>
      readCache.read(`organizations:${user.uid}`, async () => ({
        value: await me.organizations(user),
        validUntil: null,
      })),
  };
}

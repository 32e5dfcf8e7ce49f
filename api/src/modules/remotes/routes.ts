import { ZRemotesManifest, ZRemotesManifestQuery } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route';
import type { RemotesService } from './service';

/**
 * Public: the shell needs it before anyone signs in. Never cached (no-store), so a new pin is live on
 * the next page load. `?organization=<slug>` applies a canary pin naming that organization; it only
 * chooses which published build is served, so it needs no session.
 */
export function registerRemotesRoutes(app: FastifyInstance, deps: { remotes: RemotesService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/remotes',
    query: ZRemotesManifestQuery,
    response: ZRemotesManifest,
    async handler({ query }) {
      return deps.remotes.manifest(query.organization);
    },
  });
}

import { codedMessage, ZOverviewParams, ZOverviewResponse, ZUid } from '@dash/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { ORGANIZATION_IN_PATH_ACCESS, requireOrganizationByUid, requireUser } from '../../http/guards';
import { defineRoute } from '../../http/route';
import type { OverviewService } from './service';

/** Any member; a malformed organization uid is as unknown as another organization's (404). */
async function requireOverviewReader(request: FastifyRequest) {
  const uid = ZUid.safeParse((request.params as { organizationUid?: string }).organizationUid);
  if (!uid.success) {
    await requireUser(request);
    throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
  }
  return requireOrganizationByUid(request, uid.data, 'organization.read');
}

export function registerOverviewRoutes(app: FastifyInstance, deps: { overview: OverviewService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/organizations/:organizationUid/overview',
    summary:
      "The organization's overview for the reader: balances from the ledger, wallet, KYB and provider status, what waits for them, latest transactions, 30-day volume",
    guard: requireOverviewReader,
    access: ORGANIZATION_IN_PATH_ACCESS,
    params: ZOverviewParams,
    response: ZOverviewResponse,
    async handler({ auth }) {
      return { data: await deps.overview.get(auth) };
    },
  });
}

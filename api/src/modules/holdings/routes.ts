import { codedMessage, ZHoldingsParams, ZHoldingsResponse, ZUid } from '@dash/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { ORGANIZATION_IN_PATH_ACCESS, requireOrganizationByUid, requireUser } from '../../http/guards';
import { defineRoute } from '../../http/route';
import type { HoldingsService } from './service';

/** Any member, as the overview; a malformed organization uid is as unknown as another organization's (404). */
async function requireHoldingsReader(request: FastifyRequest) {
  const uid = ZUid.safeParse((request.params as { organizationUid?: string }).organizationUid);
  if (!uid.success) {
    await requireUser(request);
    throw new AppError('NOT_FOUND', codedMessage('messages.organizationNotFound'));
  }
  return requireOrganizationByUid(request, uid.data, 'organization.read');
}

export function registerHoldingsRoutes(app: FastifyInstance, deps: { holdings: HoldingsService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/organizations/:organizationUid/holdings',
    summary:
      "What the organization's Safe and registered wallets hold on chain, per network and token, as last read, and where the ledger differs",
    guard: requireHoldingsReader,
    access: ORGANIZATION_IN_PATH_ACCESS,
    params: ZHoldingsParams,
    response: ZHoldingsResponse,
    async handler({ auth }) {
      return { data: await deps.holdings.get(auth.organization.uid) };
    },
  });
}

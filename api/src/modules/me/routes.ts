import { ZMeResponse, ZMyOrganizationsResponse } from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards';
import { defineRoute } from '../../http/route';
import type { MeService } from './service';

export function registerMeRoutes(app: FastifyInstance, deps: { me: MeService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/me',
    guard: requireUser,
    response: ZMeResponse,
    async handler({ auth }) {
      return { data: deps.me.describe(auth) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/me/organizations',
    guard: requireUser,
    response: ZMyOrganizationsResponse,
    async handler({ auth }) {
      return { data: await deps.me.organizations(auth) };
    },
  });
}

import {
  ZOrganizationUserParams,
  ZOrganizationUserResponse,
  ZOrganizationUsersResponse,
  ZUpdateOrganizationUserRequest,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { memberInPersonGuard, organizationGuard } from '../../http/guards';
import { defineRoute } from '../../http/route';
import type { MemberService } from './service';

export function registerMemberRoutes(app: FastifyInstance, deps: { members: MemberService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/organization/users',
    guard: organizationGuard('members.read'),
    response: ZOrganizationUsersResponse,
    async handler({ auth }) {
      return { data: await deps.members.list(auth.organization) };
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/organization/users/:userUid',
    messageCodes: ['messages.lastAdmin', 'messages.memberNotFound'],
    guard: organizationGuard('members.manage'),
    params: ZOrganizationUserParams,
    body: ZUpdateOrganizationUserRequest,
    response: ZOrganizationUserResponse,
    async handler({ auth, params, body }) {
      return { data: await deps.members.changeRole(auth.organization, auth.user, params.userUid, body.role) };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/organization/users/:userUid',
    messageCodes: ['messages.lastAdmin', 'messages.memberNotFound'],
    guard: organizationGuard('members.manage'),
    params: ZOrganizationUserParams,
    response: null,
    async handler({ auth, params }) {
      await deps.members.remove(auth.organization, auth.user, params.userUid);
    },
  });

  // Leaving needs only membership: organization.read is every member's (a person's, not a key's).
  defineRoute(app, {
    method: 'POST',
    url: '/organization/leave',
    messageCodes: ['messages.lastAdmin', 'messages.memberNotFound'],
    guard: memberInPersonGuard('organization.read'),
    response: null,
    async handler({ auth }) {
      await deps.members.leave(auth.organization, auth.user);
    },
  });
}

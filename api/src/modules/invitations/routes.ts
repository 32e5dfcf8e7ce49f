import {
  ZAcceptInvitationResponse,
  ZCreateInvitationRequest,
  ZInvitationParams,
  ZInvitationResponse,
  ZInvitationsResponse,
  ZMyInvitationsResponse,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { organizationGuard, requireUser } from '../../http/guards';
import { localeOfRequest } from '../../http/locale';
import { defineRoute } from '../../http/route';
import type { InvitationService } from './service';

export function registerInvitationRoutes(
  app: FastifyInstance,
  deps: { invitations: InvitationService },
): void {
  defineRoute(app, {
    method: 'GET',
    url: '/organization/invitations',
    guard: organizationGuard('invites.manage'),
    response: ZInvitationsResponse,
    async handler({ auth }) {
      return { data: await deps.invitations.list(auth.organization) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/organization/invitations',
    messageCodes: ['messages.alreadyMember'],
    status: 201,
    guard: organizationGuard('invites.manage'),
    body: ZCreateInvitationRequest,
    response: ZInvitationResponse,
    async handler({ auth, body, request }) {
      const requestLocale = localeOfRequest(request);
      return { data: await deps.invitations.create(auth.organization, auth.user, body, requestLocale) };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/organization/invitations/:invitationUid',
    messageCodes: ['messages.invitationNotFound'],
    guard: organizationGuard('invites.manage'),
    params: ZInvitationParams,
    response: null,
    async handler({ auth, params }) {
      await deps.invitations.revoke(auth.organization, auth.user, params.invitationUid);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/me/invitations',
    guard: requireUser,
    response: ZMyInvitationsResponse,
    async handler({ auth }) {
      return { data: await deps.invitations.listMine(auth) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/me/invitations/:invitationUid/accept',
    messageCodes: ['messages.invitationGone', 'messages.invitationNotFound'],
    guard: requireUser,
    params: ZInvitationParams,
    response: ZAcceptInvitationResponse,
    async handler({ auth, params }) {
      return { data: await deps.invitations.accept(auth, params.invitationUid) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/me/invitations/:invitationUid/decline',
    messageCodes: ['messages.invitationNotFound', 'messages.invitationGone'],
    guard: requireUser,
    params: ZInvitationParams,
    response: null,
    async handler({ auth, params }) {
      await deps.invitations.decline(auth, params.invitationUid);
    },
  });
}

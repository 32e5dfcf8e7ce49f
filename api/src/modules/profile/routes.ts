import {
  ZConfirmEmailChangeRequest,
  ZConfirmEmailChangeResponse,
  ZRequestEmailChangeRequest,
  ZRequestEmailChangeResponse,
  ZUpdateProfileRequest,
  ZUpdateProfileResponse,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/guards';
import { localeOfRequest } from '../../http/locale';
import { defineRoute } from '../../http/route';
import type { ProfileService } from './service';

export function registerProfileRoutes(app: FastifyInstance, deps: { profile: ProfileService }): void {
  defineRoute(app, {
    method: 'PUT',
    url: '/profile',
    guard: requireUser,
    body: ZUpdateProfileRequest,
    response: ZUpdateProfileResponse,
    async handler({ auth, body }) {
      return { data: await deps.profile.update(auth, body) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/profile/email-change-request',
    status: 202,
    guard: requireUser,
    body: ZRequestEmailChangeRequest,
    response: ZRequestEmailChangeResponse,
    messageCodes: [
      'messages.emailUnchanged',
      'messages.notAllowlisted',
      'messages.rateLimited',
      'messages.emailTaken',
    ],
    async handler({ auth, body, request }) {
      await deps.profile.requestEmailChange(auth, body.email, localeOfRequest(request));
      return { data: { sent: true as const } };
    },
  });

  // No session needed: the token in the link is the proof.
  defineRoute(app, {
    method: 'POST',
    url: '/profile/email-change',
    body: ZConfirmEmailChangeRequest,
    response: ZConfirmEmailChangeResponse,
    messageCodes: ['messages.emailChangeLinkInvalid', 'messages.emailChangeLinkGone', 'messages.emailTaken'],
    async handler({ body, request }) {
      return {
        data: await deps.profile.confirmEmailChange(body.token, localeOfRequest(request)),
      };
    },
  });
}

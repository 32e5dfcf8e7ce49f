import {
  ZMagicLinkToken,
  ZRequestMagicLinkRequest,
  ZRequestMagicLinkResponse,
  ZVerifyMagicLinkRequest,
  ZVerifyMagicLinkResponse,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionToken } from '../../http/guards';
import { localeOfRequest } from '../../http/locale';
import { defineRoute } from '../../http/route';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie';
import type { AuthService } from './service';

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService }): void {
  const config = app.appConfig;

  defineRoute(app, {
    method: 'POST',
    url: '/auth',
    messageCodes: ['messages.rateLimited', 'messages.notAllowlisted'],
    status: 202,
    errors: ['RATE_LIMITED'],
    body: ZRequestMagicLinkRequest,
    response: ZRequestMagicLinkResponse,
    async handler({ body, request }) {
      await deps.auth.requestMagicLink(body, {
        ip: request.ip,
        locale: localeOfRequest(request),
      });
      return { data: { sent: true as const } };
    },
  });

  // Registered before /auth/:token so the static segment wins (find-my-way prefers it anyway).
  defineRoute(app, {
    method: 'POST',
    url: '/auth/sign-out',
    body: ZVerifyMagicLinkRequest.optional(),
    response: null,
    async handler({ request, reply }) {
      await deps.auth.signOut(sessionToken(request));
      clearSessionCookie(reply, config);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/:token',
    messageCodes: ['messages.linkGone'],
    errors: ['GONE'],
    params: z.strictObject({ token: ZMagicLinkToken }),
    body: ZVerifyMagicLinkRequest.optional(),
    response: ZVerifyMagicLinkResponse,
    async handler({ params, reply }) {
      const { answer, sessionToken: token } = await deps.auth.verifyMagicLink(params.token);
      setSessionCookie(reply, config, token);
      return answer;
    },
  });
}

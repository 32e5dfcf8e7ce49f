import {
  ZNotificationPreferencesResponse,
  ZUpdateNotificationPreferencesRequest,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { requireUser } from '../../http/guards';
import { defineRoute } from '../../http/route';
import { getNotificationPreferences, updateNotificationPreferences } from './preferences';

/** The signed-in user's own choices: no organization, no role (they hold in every organization). */
export function registerNotificationRoutes(app: FastifyInstance, deps: { db: Database }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/profile/notifications',
    guard: requireUser,
    response: ZNotificationPreferencesResponse,
    async handler({ auth }) {
      return { data: { preferences: await getNotificationPreferences(deps.db, auth) } };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/profile/notifications',
    guard: requireUser,
    body: ZUpdateNotificationPreferencesRequest,
    response: ZNotificationPreferencesResponse,
    async handler({ auth, body }) {
      return { data: { preferences: await updateNotificationPreferences(deps.db, auth, body) } };
    },
  });
}

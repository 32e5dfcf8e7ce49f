import {
  ZApiKeyParams,
  ZApiKeysResponse,
  ZCreateApiKeyRequest,
  ZCreateApiKeyResponse,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { organizationGuard } from '../../http/guards';
import { defineRoute } from '../../http/route';
import type { ApiKeyService } from './service';

export function registerApiKeyRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeyService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/organization/api-keys',
    summary: "The organization's API keys, revoked ones included (never their secrets)",
    guard: organizationGuard('apiKeys.manage'),
    response: ZApiKeysResponse,
    async handler({ auth }) {
      return { data: await deps.apiKeys.list(auth) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/organization/api-keys',
    messageCodes: ['messages.apiKeyRoleAboveCreator'],
    status: 201,
    summary: 'Creates an API key with a role; the answer is the only time its secret is shown',
    guard: organizationGuard('apiKeys.manage'),
    body: ZCreateApiKeyRequest,
    response: ZCreateApiKeyResponse,
    async handler({ auth, body }) {
      return { data: await deps.apiKeys.create(auth, body) };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/organization/api-keys/:apiKeyUid',
    messageCodes: ['messages.apiKeyNotFound'],
    summary: 'Revokes an API key: its next request is a 401 on every API process',
    guard: organizationGuard('apiKeys.manage'),
    params: ZApiKeyParams,
    response: null,
    async handler({ auth, params }) {
      await deps.apiKeys.revoke(auth, params.apiKeyUid);
    },
  });
}

import {
  ZCreateWebhookEndpointRequest,
  ZWebhookDeliveriesQuery,
  ZWebhookDeliveriesResponse,
  ZWebhookDeliveryParams,
  ZWebhookEndpointParams,
  ZWebhookEndpointResponse,
  ZWebhookEndpointsResponse,
  ZWebhookEndpointWithSecretResponse,
  ZWebhookEventQueuedResponse,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { organizationGuard } from '../../http/guards';
import { defineRoute } from '../../http/route';
import type { WebhookService } from './service';

/** Admins only: endpoint URLs, answers and the log are integration settings, like keys. */
const admins = organizationGuard('webhooks.manage');

export function registerWebhookRoutes(app: FastifyInstance, deps: { webhooks: WebhookService }): void {
  const { webhooks } = deps;

  defineRoute(app, {
    method: 'GET',
    url: '/webhooks/endpoints',
    guard: admins,
    response: ZWebhookEndpointsResponse,
    async handler({ auth }) {
      return { data: await webhooks.list(auth) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhooks/endpoints',
    messageCodes: [
      'messages.webhookHttpsRequired',
      'messages.webhookPrivateAddress',
      'messages.webhookHostUnresolved',
    ],
    status: 201,
    guard: admins,
    body: ZCreateWebhookEndpointRequest,
    response: ZWebhookEndpointWithSecretResponse,
    async handler({ auth, body }) {
      return { data: await webhooks.create(auth, body) };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/webhooks/endpoints/:endpointUid',
    messageCodes: ['messages.webhookEndpointNotFound'],
    guard: admins,
    params: ZWebhookEndpointParams,
    response: null,
    async handler({ auth, params }) {
      await webhooks.remove(auth, params.endpointUid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhooks/endpoints/:endpointUid/enable',
    messageCodes: ['messages.webhookEndpointNotFound'],
    guard: admins,
    params: ZWebhookEndpointParams,
    response: ZWebhookEndpointResponse,
    async handler({ auth, params }) {
      return { data: await webhooks.enable(auth, params.endpointUid) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhooks/endpoints/:endpointUid/secret',
    messageCodes: ['messages.webhookEndpointNotFound'],
    guard: admins,
    params: ZWebhookEndpointParams,
    response: ZWebhookEndpointWithSecretResponse,
    async handler({ auth, params }) {
      return { data: await webhooks.rotateSecret(auth, params.endpointUid) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhooks/endpoints/:endpointUid/test',
    messageCodes: ['messages.webhookEndpointNotFound', 'messages.webhookEndpointDisabled'],
    status: 202,
    guard: admins,
    params: ZWebhookEndpointParams,
    response: ZWebhookEventQueuedResponse,
    async handler({ auth, params }) {
      return { data: await webhooks.sendTest(auth, params.endpointUid) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/webhooks/endpoints/:endpointUid/deliveries',
    messageCodes: ['messages.webhookEndpointNotFound'],
    guard: admins,
    params: ZWebhookEndpointParams,
    query: ZWebhookDeliveriesQuery,
    response: ZWebhookDeliveriesResponse,
    async handler({ auth, params, query }) {
      return webhooks.deliveries(auth, params.endpointUid, query);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/webhooks/endpoints/:endpointUid/deliveries/:deliveryUid/resend',
    messageCodes: [
      'messages.webhookEndpointNotFound',
      'messages.webhookDeliveryNotFound',
      'messages.webhookEndpointDisabled',
    ],
    status: 202,
    guard: admins,
    params: ZWebhookDeliveryParams,
    response: ZWebhookEventQueuedResponse,
    async handler({ auth, params }) {
      return { data: await webhooks.resend(auth, params.endpointUid, params.deliveryUid) };
    },
  });
}

import { randomBytes } from 'node:crypto';
import {
  codedMessage,
  type TCreateWebhookEndpointRequest,
  type TOrganization,
  type TUser,
  type TWebhookEndpoint,
  type TWebhookEventType,
} from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordAudit, userActor } from '../audit/index';
import { assertPublicHost, ForbiddenAddressError, hostOf } from './address-guard';
import { insertEndpoint, type WebhookEndpointRow } from './repo';

// Register an endpoint (Admins): an https URL (http only to localhost outside production) whose
// host, in production, resolves to public addresses only; the events it wants. Its signing secret
// is made here and answered this once. Audited.

export const WEBHOOK_SUBJECT = 'webhook_endpoint';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

/** `whsec_` and base64 of 24 random bytes, as the Standard Webhooks libraries read it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** Refuses a URL the sender may not call (400 on the url field); sendWebhook checks the host again. */
export async function checkEndpointUrl(value: string, production: boolean): Promise<void> {
  const url = new URL(value);
  const host = hostOf(url);
  if (url.protocol !== 'https:' && (production || !LOCAL_HOSTS.has(host))) {
    throw new AppError('VALIDATION', codedMessage('messages.webhookHttpsRequired'), {
      url: codedMessage('messages.webhookHttpsRequired'),
    });
  }
  if (!production) return;
  try {
    await assertPublicHost(host);
  } catch (error) {
    const message =
      error instanceof ForbiddenAddressError
        ? codedMessage('messages.webhookPrivateAddress')
        : codedMessage('messages.webhookHostUnresolved');
    throw new AppError('VALIDATION', message, { url: message }, { cause: error });
  }
}

export async function registerEndpoint(
  db: Database,
  context: { user: TUser; organization: TOrganization },
  request: TCreateWebhookEndpointRequest,
  production: boolean,
): Promise<{ endpoint: TWebhookEndpoint; secret: string }> {
  await checkEndpointUrl(request.url, production);
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const endpoint = await insertEndpoint(tx, {
      organizationUid: context.organization.uid,
      url: request.url,
      eventTypes: request.eventTypes,
      secret,
    });
    await recordAudit(tx, {
      organizationUid: context.organization.uid,
      actor: userActor(context.user),
      action: 'webhook_endpoint.created',
      subjectType: WEBHOOK_SUBJECT,
      subjectUid: endpoint.uid,
      to: 'active',
      data: { url: endpoint.url, eventTypes: endpoint.eventTypes },
    });
    return endpoint;
  });
  return { endpoint: endpointView(row), secret };
}

/** What callers see of an endpoint: never its secrets. */
export function endpointView(row: WebhookEndpointRow): TWebhookEndpoint {
  return {
    uid: row.uid,
    url: row.url,
    eventTypes: row.eventTypes as TWebhookEventType[],
    status: row.status,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

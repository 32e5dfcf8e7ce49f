import {
  codedMessage,
  type TOrganization,
  type TUser,
  type TWebhookEndpoint,
  WEBHOOK_SECRET_OVERLAP_HOURS,
} from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordAudit, userActor } from '../audit/index';
import { endpointView, newWebhookSecret, WEBHOOK_SUBJECT } from './register-endpoint';
import { findEndpoint, updateEndpoint } from './repo';

// Rotate an endpoint's secret (Admins): a new one signs from now on; the one it replaces still
// signs beside it for WEBHOOK_SECRET_OVERLAP_HOURS, so the receiver can switch without losing a
// delivery. The new secret is answered this once. Audited (without either secret).

export async function rotateSecret(
  db: Database,
  context: { user: TUser; organization: TOrganization },
  endpointUid: string,
  now: Date,
): Promise<{ endpoint: TWebhookEndpoint; secret: string }> {
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const current = await findEndpoint(tx, context.organization.uid, endpointUid, { lock: true });
    if (!current) throw new AppError('NOT_FOUND', codedMessage('messages.webhookEndpointNotFound'));
    const expiresAt = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000);
    const rotated = await updateEndpoint(tx, current.uid, {
      secret,
      previousSecret: current.secret,
      previousSecretExpiresAt: expiresAt,
    });
    await recordAudit(tx, {
      organizationUid: context.organization.uid,
      actor: userActor(context.user),
      action: 'webhook_endpoint.secret_rotated',
      subjectType: WEBHOOK_SUBJECT,
      subjectUid: current.uid,
      data: { previousSecretExpiresAt: expiresAt.toISOString() },
    });
    return rotated;
  });
  return { endpoint: endpointView(row), secret };
}

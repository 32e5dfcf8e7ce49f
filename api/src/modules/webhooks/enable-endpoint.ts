import { codedMessage, type TOrganization, type TUser, type TWebhookEndpoint } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordAudit, userActor } from '../audit/index';
import { endpointView, WEBHOOK_SUBJECT } from './register-endpoint';
import { findEndpoint, updateEndpoint } from './repo';

// Enable an endpoint again after it was disabled for failing (Admins): it gets new events from now
// on (the ones it missed can be sent again from its log with Resend). Audited; a no-op when active.

export async function enableEndpoint(
  db: Database,
  context: { user: TUser; organization: TOrganization },
  endpointUid: string,
): Promise<TWebhookEndpoint> {
  const row = await db.transaction(async (tx) => {
    const current = await findEndpoint(tx, context.organization.uid, endpointUid, { lock: true });
    if (!current) throw new AppError('NOT_FOUND', codedMessage('messages.webhookEndpointNotFound'));
    if (current.status === 'active') return current;
    const enabled = await updateEndpoint(tx, current.uid, {
      status: 'active',
      disabledAt: null,
      failingSince: null,
    });
    await recordAudit(tx, {
      organizationUid: context.organization.uid,
      actor: userActor(context.user),
      action: 'webhook_endpoint.enabled',
      subjectType: WEBHOOK_SUBJECT,
      subjectUid: current.uid,
      from: 'disabled',
      to: 'active',
    });
    return enabled;
  });
  return endpointView(row);
}

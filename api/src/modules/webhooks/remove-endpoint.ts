import { codedMessage, type TOrganization, type TUser } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordAudit, userActor } from '../audit/index';
import { WEBHOOK_SUBJECT } from './register-endpoint';
import { deleteEndpoint, findEndpoint } from './repo';

// Remove an endpoint (Admins): its log goes with it; deliveries still queued find it gone and end.

export async function removeEndpoint(
  db: Database,
  context: { user: TUser; organization: TOrganization },
  endpointUid: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findEndpoint(tx, context.organization.uid, endpointUid, { lock: true });
    if (!current) throw new AppError('NOT_FOUND', codedMessage('messages.webhookEndpointNotFound'));
    await deleteEndpoint(tx, current.uid);
    await recordAudit(tx, {
      organizationUid: context.organization.uid,
      actor: userActor(context.user),
      action: 'webhook_endpoint.deleted',
      subjectType: WEBHOOK_SUBJECT,
      subjectUid: current.uid,
      from: current.status,
      data: { url: current.url },
    });
  });
}

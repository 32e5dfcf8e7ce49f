import { codedMessage, type TOrganization, type TUser } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordAudit, userActor } from '../audit/index';
import { enqueueDelivery } from './record-events';
import { findDelivery, findEndpoint } from './repo';

// Resend (Admins): the event of a logged delivery goes to its endpoint again, as a new delivery
// job with its own schedule but the SAME event id and body, so a receiver that stored the id
// recognises it. 409 while the endpoint is disabled (enable it first). Audited.

export async function resendEvent(
  db: Database,
  context: { user: TUser; organization: TOrganization },
  endpointUid: string,
  deliveryUid: string,
): Promise<{ eventId: string }> {
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, context.organization.uid, endpointUid, { lock: true });
    if (!endpoint) throw new AppError('NOT_FOUND', codedMessage('messages.webhookEndpointNotFound'));
    const delivery = await findDelivery(tx, endpoint.uid, deliveryUid);
    if (!delivery) throw new AppError('NOT_FOUND', codedMessage('messages.webhookDeliveryNotFound'));
    if (endpoint.status !== 'active')
      throw new AppError('CONFLICT', codedMessage('messages.webhookEndpointDisabled'));
    await enqueueDelivery(tx, { endpointUid: endpoint.uid, eventId: delivery.eventId }, { resend: true });
    await recordAudit(tx, {
      organizationUid: context.organization.uid,
      actor: userActor(context.user),
      action: 'webhook_event.resent',
      subjectType: 'webhook_event',
      subjectUid: delivery.eventId,
      data: { endpointUid: endpoint.uid },
    });
    return { eventId: delivery.eventId };
  });
}

import {
  type TOrganization,
  type TUser,
  WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE,
  WEBHOOK_ENDPOINT_DISABLED_MESSAGE,
  WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE,
} from '@dash/shared/contracts';
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
    if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_ENDPOINT_NOT_FOUND_MESSAGE);
    const delivery = await findDelivery(tx, endpoint.uid, deliveryUid);
    if (!delivery) throw new AppError('NOT_FOUND', WEBHOOK_DELIVERY_NOT_FOUND_MESSAGE);
    if (endpoint.status !== 'active') throw new AppError('CONFLICT', WEBHOOK_ENDPOINT_DISABLED_MESSAGE);
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

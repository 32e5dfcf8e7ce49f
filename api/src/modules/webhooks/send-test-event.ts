import {
  codedMessage,
  type TOrganization,
  type TUser,
  WEBHOOK_TEST_EVENT_TYPE,
} from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { recordAudit, userActor } from '../audit/index';
import { enqueueDelivery, eventBody, newEventId } from './record-events';
import { WEBHOOK_SUBJECT } from './register-endpoint';
import { findEndpoint, insertEvent } from './repo';

// "Send a test event" (Admins): a `webhook.test` event for this endpoint only, delivered by the
// same job as every other event (signed, logged, retried). 409 while the endpoint is disabled.

export async function sendTestEvent(
  db: Database,
  context: { user: TUser; organization: TOrganization },
  endpointUid: string,
  now: Date,
): Promise<{ eventId: string }> {
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, context.organization.uid, endpointUid, { lock: true });
    if (!endpoint) throw new AppError('NOT_FOUND', codedMessage('messages.webhookEndpointNotFound'));
    if (endpoint.status !== 'active')
      throw new AppError('CONFLICT', codedMessage('messages.webhookEndpointDisabled'));
    const eventId = newEventId();
    await insertEvent(tx, {
      id: eventId,
      organizationUid: context.organization.uid,
      type: WEBHOOK_TEST_EVENT_TYPE,
      sourceKey: null,
      body: eventBody(WEBHOOK_TEST_EVENT_TYPE, now, { endpointUid: endpoint.uid }),
    });
    await enqueueDelivery(tx, { endpointUid: endpoint.uid, eventId });
    await recordAudit(tx, {
      organizationUid: context.organization.uid,
      actor: userActor(context.user),
      action: 'webhook_endpoint.test_sent',
      subjectType: WEBHOOK_SUBJECT,
      subjectUid: endpoint.uid,
      data: { eventId },
    });
    return { eventId };
  });
}

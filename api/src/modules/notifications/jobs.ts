import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob, type JobDefinition } from '../../jobs/runner';
import type { Mailer } from '../mail/index';
import { findOrganizationName } from '../organization/index';
import { composeMail } from './compose';
import { eventKey, kindOf, type NotificationEvent, ZNotificationEvent } from './events';
import { DISPATCH_JOB } from './notify';
import { recipientsOf } from './recipients';
import { listMembersToMail, recordDelivery, wasDelivered } from './repo';

export const MAIL_JOB = 'notification.mail';

const ZDispatch = ZNotificationEvent;
const ZMail = z.object({ event: ZNotificationEvent, userUid: z.string() });
type MailJob = z.infer<typeof ZMail>;

export interface NotificationDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  wake: () => void;
  /**
   * Whether a Safe transaction still waits for this member's signature (the safe-transactions
   * module's answer, wired in app.ts): a signature request is not mailed once it is given.
   */
  awaitsSignature: (db: Database, safeTransactionUid: string, userUid: string) => Promise<boolean>;
}

/** One event: a mail job per recipient, each queued once per (event, recipient). */
export function dispatchJob(deps: NotificationDeps): JobDefinition<NotificationEvent> {
  return {
    kind: DISPATCH_JOB,
    payload: ZDispatch,
    async handle(event, context) {
      const recipients = await recipientsOf(deps.db, event);
      for (const recipient of recipients) {
        await enqueueJob(deps.db, {
          kind: MAIL_JOB,
          payload: { event, userUid: recipient.uid },
          key: deliveryKey(event, recipient.uid),
        });
      }
      if (recipients.length > 0) deps.wake();
      context.log.info({ event: eventKey(event), recipients: recipients.length }, 'Notification dispatched');
    },
  };
}

/**
 * Mails one member about one event, in their language, unless they were mailed already, left the
 * organization or switched the kind off since, or what it asks for is done (a signature given).
 */
export function mailJob(deps: NotificationDeps): JobDefinition<MailJob> {
  return {
    kind: MAIL_JOB,
    payload: ZMail,
    maxAttempts: 8,
    async handle({ event, userUid }, context) {
      const key = deliveryKey(event, userUid);
      if (await wasDelivered(deps.db, key)) return;
      const kind = kindOf(event);
      const [recipient] = await listMembersToMail(deps.db, event.organizationUid, kind, {
        userUids: [userUid],
      });
      const organization = await findOrganizationName(deps.db, event.organizationUid);
      if (!recipient || !organization) return;
      if (
        event.type === 'safe_transaction.proposed' &&
        !(await deps.awaitsSignature(deps.db, event.safeTransactionUid, userUid))
      ) {
        return;
      }
      const mail = composeMail(event, recipient.locale ?? 'en', organization, deps.publicUrl);
      // Fixed per event and recipient: a send repeated after a crash is recognisably the same mail.
      const id = createHash('sha256').update(key).digest('hex').slice(0, 32);
      await deps.mailer.send({
        to: recipient.email,
        ...mail,
        messageId: `<notification-${id}@dash.notifications>`,
      });
      await recordDelivery(deps.db, { key, userUid, kind });
      context.log.info({ event: eventKey(event), kind }, 'Notification mailed');
    },
  };
}

function deliveryKey(event: NotificationEvent, userUid: string): string {
  return `${MAIL_JOB}:${eventKey(event)}:${userUid}`;
}

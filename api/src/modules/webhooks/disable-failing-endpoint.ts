import { createHash } from 'node:crypto';
import { paths } from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob, type JobDefinition } from '../../jobs/runner';
import { recordAudit } from '../audit/index';
import { findLocaleOfEmail, type Mailer, webhookDisabledMail } from '../mail/index';
import { findOrganizationName, listAdminEmails } from '../organization/index';
import type { DeliveryPayload } from './record-events';
import { WEBHOOK_SUBJECT } from './register-endpoint';
import { firstAttemptAt, lockEndpoint, updateEndpoint } from './repo';

// Disable an endpoint that keeps failing: called when an event's whole retry schedule (about a
// day) ran out. Only when no attempt succeeded since this event was first tried (the endpoint's
// failing streak began at or before it): one success in between means the receiver is alive.
// Audited as the system's change; each Admin is mailed, in their language, by a job.

export const WEBHOOK_DISABLED_MAIL_JOB = 'webhooks.disabled-mail';

const ZDisabledMailPayload = z.object({
  organizationUid: z.string(),
  endpointUid: z.string(),
  url: z.string(),
  to: z.string(),
  /** When its failing streak began: one mail per disabling. */
  since: z.number().int(),
});

/** Returns the organization's uid when it disabled the endpoint, null when it left it as it was. */
export async function disableFailingEndpoint(
  db: Database,
  payload: DeliveryPayload,
  log: FastifyBaseLogger,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const endpoint = await lockEndpoint(tx, payload.endpointUid);
    if (endpoint?.status !== 'active' || !endpoint.failingSince) return null;
    const first = await firstAttemptAt(tx, endpoint.uid, payload.eventId);
    if (!first || endpoint.failingSince > first) return null;
    await updateEndpoint(tx, endpoint.uid, { status: 'disabled', disabledAt: new Date() });
    await recordAudit(tx, {
      organizationUid: endpoint.organizationUid,
      actor: { kind: 'system' },
      action: 'webhook_endpoint.disabled',
      subjectType: WEBHOOK_SUBJECT,
      subjectUid: endpoint.uid,
      from: 'active',
      to: 'disabled',
      note: 'Every delivery failed for a whole retry schedule.',
      data: { url: endpoint.url, eventId: payload.eventId },
    });
    for (const to of await listAdminEmails(tx, endpoint.organizationUid)) {
      await enqueueJob(tx, {
        kind: WEBHOOK_DISABLED_MAIL_JOB,
        payload: {
          organizationUid: endpoint.organizationUid,
          endpointUid: endpoint.uid,
          url: endpoint.url,
          to,
          since: endpoint.failingSince.getTime(),
        },
        key: `${WEBHOOK_DISABLED_MAIL_JOB}:${endpoint.uid}:${endpoint.failingSince.getTime()}:${to}`,
      });
    }
    log.warn({ endpointUid: endpoint.uid }, 'Webhook endpoint disabled after failing deliveries');
    return endpoint.organizationUid;
  });
}

export function disabledMailJob(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}): JobDefinition<z.infer<typeof ZDisabledMailPayload>> {
  return {
    kind: WEBHOOK_DISABLED_MAIL_JOB,
    payload: ZDisabledMailPayload,
    async handle(payload) {
      const organization = await findOrganizationName(deps.db, payload.organizationUid);
      if (!organization) return;
      const locale = (await findLocaleOfEmail(deps.db, payload.to)) ?? 'en';
      const mail = webhookDisabledMail(locale, {
        organizationName: organization.name,
        url: payload.url,
        link: `${deps.publicUrl}${paths.org.settings(organization.slug, 'webhooks')}`,
      });
      const recipient = createHash('sha256').update(payload.to).digest('hex').slice(0, 16);
      // Fixed per disabling and recipient: a send repeated after a crash is the same mail.
      await deps.mailer.send({
        to: payload.to,
        ...mail,
        messageId: `<webhook-disabled-${payload.endpointUid}-${payload.since}-${recipient}@dash.webhooks>`,
      });
    },
  };
}

import type {
  TCreateWebhookEndpointRequest,
  TOrganization,
  TOrganizationEvent,
  TUser,
  TWebhookDeliveriesQuery,
  TWebhookDeliveriesResponse,
  TWebhookEndpoint,
} from '@dash/shared/contracts';
import { codedMessage } from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { AppError } from '../../http/errors';
import type { JobRunner } from '../../jobs/runner';
import type { Mailer } from '../mail/index';
import { deliverEventJob } from './deliver-event';
import { disabledMailJob } from './disable-failing-endpoint';
import { enableEndpoint } from './enable-endpoint';
import { recordWebhookEvents } from './record-events';
import { endpointView, registerEndpoint } from './register-endpoint';
import { removeEndpoint } from './remove-endpoint';
import { findEndpoint, listDeliveries, listEndpoints } from './repo';
import { resendEvent } from './resend-event';
import { rotateSecret } from './rotate-secret';
import { sendTestEvent } from './send-test-event';
import { startSweeping, sweepJob, sweepMissedEvents } from './sweep-missed-events';

export type WebhookService = ReturnType<typeof createWebhookService>;

type Context = { user: TUser; organization: TOrganization };

/** Wires the webhook use cases (one file each) to the database, the job runner and the clock. */
export function createWebhookService(deps: {
  db: Database;
  events: EventBus;
  jobs: JobRunner;
  mailer: Mailer;
  publicUrl: string;
  /** NODE_ENV=production: https only, public addresses only (at registration and at every delivery). */
  production: boolean;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, jobs } = deps;
  const now = deps.now ?? (() => new Date());
  jobs.register(
    deliverEventJob({
      db,
      events: deps.events,
      production: deps.production,
      log: deps.log,
      wake: () => jobs.wake(),
    }),
  );
  jobs.register(disabledMailJob({ db, mailer: deps.mailer, publicUrl: deps.publicUrl }));
  jobs.register(sweepJob({ db, now, wake: () => jobs.wake() }));

  async function ownEndpoint(context: Context, endpointUid: string) {
    const endpoint = await findEndpoint(db, context.organization.uid, endpointUid);
    if (!endpoint) throw new AppError('NOT_FOUND', codedMessage('messages.webhookEndpointNotFound'));
    return endpoint;
  }

  /** Runs `work`, then starts the deliveries it queued. */
  async function thenWake<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    jobs.wake();
    return result;
  }

  return {
    /** The bus's subscriber (app.ts): events this process published, after their commit. */
    async onEvent(organizationUid: string, event: TOrganizationEvent): Promise<void> {
      try {
        if ((await recordWebhookEvents(db, organizationUid, event)) > 0) jobs.wake();
      } catch (error) {
        deps.log.error({ err: error, organizationUid, type: event.type }, 'Recording webhook events failed');
      }
    },
    /** Starts the sweep for changes whose bus event was lost (main.ts, once the runner runs). */
    startSweeping: () => startSweeping(db, now()),
    /** Records what changed since `since` and has no webhook event yet (the sweep's work, now). */
    sweep: async (since: Date) => thenWake(sweepMissedEvents(db, since)),
    async list(context: Context): Promise<TWebhookEndpoint[]> {
      return (await listEndpoints(db, context.organization.uid)).map(endpointView);
    },
    create(context: Context, request: TCreateWebhookEndpointRequest) {
      return registerEndpoint(db, context, request, deps.production);
    },
    remove: (context: Context, endpointUid: string) => removeEndpoint(db, context, endpointUid),
    enable: (context: Context, endpointUid: string) => enableEndpoint(db, context, endpointUid),
    rotateSecret: (context: Context, endpointUid: string) => rotateSecret(db, context, endpointUid, now()),
    sendTest: (context: Context, endpointUid: string) =>
      thenWake(sendTestEvent(db, context, endpointUid, now())),
    resend: (context: Context, endpointUid: string, deliveryUid: string) =>
      thenWake(resendEvent(db, context, endpointUid, deliveryUid)),
    async deliveries(
      context: Context,
      endpointUid: string,
      query: TWebhookDeliveriesQuery,
    ): Promise<TWebhookDeliveriesResponse> {
      const endpoint = await ownEndpoint(context, endpointUid);
      const rows = await listDeliveries(db, endpoint.uid, {
        ...(query.cursor ? { before: Number(query.cursor) } : {}),
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(({ id: _id, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() })),
        nextCursor: rows.length > query.limit && last ? String(last.id) : null,
      };
    },
  };
}

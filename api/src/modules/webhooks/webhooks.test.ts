import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type TWebhookEventType,
  WEBHOOK_HTTPS_REQUIRED_MESSAGE,
  WEBHOOK_PRIVATE_ADDRESS_MESSAGE,
  ZWebhookDeliveriesResponse,
  ZWebhookEndpointResponse,
  ZWebhookEndpointsResponse,
  ZWebhookEndpointWithSecretResponse,
  ZWebhookEventQueuedResponse,
} from '@dash/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Config } from '../../config';
import { auditEvents, jobs, transferEvents, webhookEndpoints } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createOrganization, insertMoney, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { createProvider, deliver } from '../../test/messages';
import { createCatalogueProvider } from '../../test/providers';
import { listOutboxMails } from '../mail/index';
import { WEBHOOK_RETRY_SCHEDULE_MS } from './deliver-event';
import { WEBHOOK_DELIVERY_JOB } from './record-events';
import { SWEEP_EVERY_MS, SWEEP_JOB, startSweeping } from './sweep-missed-events';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A real HTTP receiver on 127.0.0.1: answers each request with the next status (the last one repeats). */
async function startReceiver(statuses: number[] = [200]) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
      });
      const status = statuses[Math.min(received.length, statuses.length) - 1] ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok, thanks' : `receiver broke (${status}) ${'x'.repeat(3_000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { received, port, url: `http://localhost:${port}/hooks` };
}

async function arrange(overrides: Partial<Config> = {}) {
  const testApp = await createTestApp(overrides);
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  const as = { cookie: admin.cookie, organization: organization.uid };
  return { testApp, admin, organization, as };
}

/** An endpoint for a transfer's creation and status changes, and an on-ramp of the organization's. */
async function arrangeTransferEndpoint() {
  const { testApp, organization, as } = await arrange();
  const receiver = await startReceiver();
  const { secret } = await register(testApp, as, receiver.url, [
    'transfer.created',
    'transfer.status_changed',
  ]);
  const provider = await createCatalogueProvider(testApp.db);
  const { transferUid } = await insertMoney(testApp.db, {
    organizationUid: organization.uid,
    providerUid: provider.uid,
    type: 'on_ramp',
  });
  return { testApp, organization, receiver, secret, transferUid };
}

async function register(
  testApp: TestApp,
  as: { cookie: string; organization: string },
  url: string,
  eventTypes: TWebhookEventType[] = ['message.received'],
) {
  const response = await call(testApp.app, 'POST', '/webhooks/endpoints', {
    ...as,
    body: { url, eventTypes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return ZWebhookEndpointWithSecretResponse.parse(response.json()).data;
}

async function sendTest(testApp: TestApp, as: { cookie: string; organization: string }, endpointUid: string) {
  const response = await call(testApp.app, 'POST', `/webhooks/endpoints/${endpointUid}/test`, as);
  expect(response.statusCode, response.body).toBe(202);
  return ZWebhookEventQueuedResponse.parse(response.json()).data.eventId;
}

async function deliveriesOf(
  testApp: TestApp,
  as: { cookie: string; organization: string },
  endpointUid: string,
  query = '',
) {
  const response = await call(
    testApp.app,
    'GET',
    `/webhooks/endpoints/${endpointUid}/deliveries${query}`,
    as,
  );
  expect(response.statusCode, response.body).toBe(200);
  return ZWebhookDeliveriesResponse.parse(response.json());
}

/** The retry's wait, skipped: the queued deliveries are due now. */
async function skipBackoff(testApp: TestApp) {
  await testApp.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1_000) })
    .where(and(eq(jobs.kind, WEBHOOK_DELIVERY_JOB), eq(jobs.status, 'queued')));
}

function verify(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, request.headers) as {
    type: string;
    data: Record<string, unknown>;
  };
}

describe('outbound webhooks', () => {
  it('delivers a received message once, signed so the Standard Webhooks reference code verifies it', async () => {
    const { testApp, organization, as } = await arrange();
    const receiver = await startReceiver();
    const { endpoint, secret } = await register(testApp, as, receiver.url, ['message.received']);
    expect(secret).toMatch(/^whsec_/);
    // The list never shows the secret again.
    const listed = await call(testApp.app, 'GET', '/webhooks/endpoints', as);
    expect(ZWebhookEndpointsResponse.parse(listed.json()).data.map((row) => row.uid)).toEqual([endpoint.uid]);
    expect(listed.body).not.toContain(secret.slice(6));

    const provider = await createProvider(testApp.db);
    const mailbox = `${organization.slug}@${testApp.config.messages.clientMailDomain}`;
    const delivered = await deliver(testApp, {
      from: provider.addresses[0] as string,
      to: mailbox,
      subject: 'Rates',
      text: 'Hi',
    });
    // The bus event is handled after the answer: wait for its delivery job.
    await expect
      .poll(() => testApp.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_DELIVERY_JOB)))
      .toHaveLength(1);
    await testApp.app.jobs.drain();

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received as [Received];
    const payload = verify(secret, request);
    expect(payload.type).toBe('message.received');
    expect(payload.data).toEqual({ threadUid: delivered.threadUid, messageUid: delivered.messageUid });
    expect(() => verify(`whsec_${Buffer.alloc(24, 7).toString('base64')}`, request)).toThrow(
      WebhookVerificationError,
    );

    const log = await deliveriesOf(testApp, as, endpoint.uid);
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({
      eventId: request.headers['webhook-id'],
      eventType: 'message.received',
      attempt: 1,
      succeeded: true,
      statusCode: 200,
      responseExcerpt: 'ok, thanks',
      error: null,
    });
  });

  it('sends a transfer’s creation and each status change once, however often the bus repeats it', async () => {
    const { testApp, organization, receiver, secret, transferUid } = await arrangeTransferEndpoint();
    await testApp.db.insert(transferEvents).values([
      { transferUid, fromStatus: null, toStatus: 'awaiting_funds', source: 'user' },
      { transferUid, fromStatus: 'awaiting_funds', toStatus: 'funds_received', source: 'provider' },
    ]);
    for (let i = 0; i < 2; i++)
      await testApp.app.events.publish(organization.uid, { type: 'transfer.updated', transferUid });
    await expect
      .poll(() => testApp.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_DELIVERY_JOB)))
      .toHaveLength(2);
    await testApp.app.jobs.drain();

    const payloads = receiver.received.map((request) => verify(secret, request));
    expect(payloads.map((payload) => [payload.type, payload.data.status]).sort()).toEqual([
      ['transfer.created', 'awaiting_funds'],
      ['transfer.status_changed', 'funds_received'],
    ]);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(2);
  });

  it('sends a change whose bus event was lost (a crash between commit and publish) on the next sweep, once', async () => {
    const { testApp, organization, receiver, secret, transferUid } = await arrangeTransferEndpoint();
    const sweptSince = new Date(Date.now() - 60_000);
    // Committed, and the process died before publishing: the bus never says so.
    await testApp.db.insert(transferEvents).values([
      { transferUid, fromStatus: null, toStatus: 'awaiting_funds', source: 'user' },
      { transferUid, fromStatus: 'awaiting_funds', toStatus: 'funds_received', source: 'provider' },
    ]);
    const deliveryJobs = () => testApp.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_DELIVERY_JOB));
    expect(await deliveryJobs()).toHaveLength(0);

    expect(await testApp.app.webhooks.sweep(sweptSince)).toBe(2);
    await testApp.app.jobs.drain();
    const payloads = receiver.received.map((request) => verify(secret, request));
    expect(payloads.map((payload) => [payload.type, payload.data.status]).sort()).toEqual([
      ['transfer.created', 'awaiting_funds'],
      ['transfer.status_changed', 'funds_received'],
    ]);

    // Seen again, by a later sweep or by a bus event after all: nothing is sent twice.
    expect(await testApp.app.webhooks.sweep(sweptSince)).toBe(0);
    await testApp.app.events.publish(organization.uid, { type: 'transfer.updated', transferUid });
    await testApp.app.jobs.drain();
    expect(await deliveryJobs()).toHaveLength(2);
    expect(receiver.received).toHaveLength(2);

    // The chain: every API start, whatever minute of the slot it starts in, joins the slot's sweep;
    // each sweep queues the next slot's.
    await testApp.app.webhooks.startSweeping();
    const slot = Math.floor(Date.now() / SWEEP_EVERY_MS) * SWEEP_EVERY_MS;
    await startSweeping(testApp.db, new Date(slot + 60_000));
    await startSweeping(testApp.db, new Date(slot + SWEEP_EVERY_MS - 1));
    const sweeps = () => testApp.db.select().from(jobs).where(eq(jobs.kind, SWEEP_JOB));
    expect((await sweeps()).map((job) => job.key)).toEqual([`${SWEEP_JOB}@${new Date(slot).toISOString()}`]);
    await testApp.app.jobs.drain();
    const [done, next] = (await sweeps()).sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
    expect(done?.status).toBe('done');
    expect(next?.status).toBe('queued');
    const nextSlot =
      Math.floor((done?.finishedAt?.getTime() ?? 0) / SWEEP_EVERY_MS) * SWEEP_EVERY_MS + SWEEP_EVERY_MS;
    expect(next?.key).toBe(`${SWEEP_JOB}@${new Date(nextSlot).toISOString()}`);
    expect(Math.abs((next?.runAt.getTime() ?? 0) - nextSlot)).toBeLessThan(2_000);
  });

  it('retries after a 500 with the same id, and Resend sends that id again', async () => {
    const { testApp, as } = await arrange();
    const receiver = await startReceiver([500, 200]);
    const { endpoint, secret } = await register(testApp, as, receiver.url);
    const eventId = await sendTest(testApp, as, endpoint.uid);

    await testApp.app.jobs.drain();
    expect(receiver.received).toHaveLength(1);
    const [failed] = (await deliveriesOf(testApp, as, endpoint.uid)).data;
    expect(failed).toMatchObject({ eventId, attempt: 1, succeeded: false, statusCode: 500, error: null });
    expect(failed?.responseExcerpt).toHaveLength(1024);
    // The next try waits for the schedule's first step.
    const [job] = await testApp.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_DELIVERY_JOB));
    expect(job?.status).toBe('queued');
    const wait = (job?.runAt.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan((WEBHOOK_RETRY_SCHEDULE_MS[0] as number) - 2_000);
    expect(wait).toBeLessThanOrEqual(WEBHOOK_RETRY_SCHEDULE_MS[0] as number);

    await skipBackoff(testApp);
    await testApp.app.jobs.drain();
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(verify(secret, receiver.received[1] as Received).type).toBe('webhook.test');

    const afterRetry = await deliveriesOf(testApp, as, endpoint.uid);
    expect(afterRetry.data.map((row) => [row.attempt, row.statusCode])).toEqual([
      [2, 200],
      [1, 500],
    ]);

    const resent = await call(
      testApp.app,
      'POST',
      `/webhooks/endpoints/${endpoint.uid}/deliveries/${afterRetry.data[0]?.uid}/resend`,
      as,
    );
    expect(resent.statusCode, resent.body).toBe(202);
    expect(ZWebhookEventQueuedResponse.parse(resent.json()).data.eventId).toBe(eventId);
    await testApp.app.jobs.drain();
    expect(receiver.received).toHaveLength(3);
    const [, second, third] = receiver.received as [Received, Received, Received];
    expect(third.headers['webhook-id']).toBe(eventId);
    expect(third.body).toBe(second.body);

    // The log pages newest first.
    const page = await deliveriesOf(testApp, as, endpoint.uid, '?limit=2');
    expect(page.data.map((row) => row.statusCode)).toEqual([200, 200]);
    expect(page.nextCursor).not.toBeNull();
    const rest = await deliveriesOf(testApp, as, endpoint.uid, `?limit=2&cursor=${page.nextCursor}`);
    expect(rest.data.map((row) => row.statusCode)).toEqual([500]);
    expect(rest.nextCursor).toBeNull();
  });

  it('disables an endpoint that fails for its whole schedule and mails the Admins', async () => {
    const { testApp, admin, as } = await arrange();
    const receiver = await startReceiver([503]);
    const { endpoint } = await register(testApp, as, receiver.url);
    await sendTest(testApp, as, endpoint.uid);

    for (let attempt = 0; attempt <= WEBHOOK_RETRY_SCHEDULE_MS.length; attempt++) {
      await testApp.app.jobs.drain();
      await skipBackoff(testApp);
    }
    await testApp.app.jobs.drain();

    expect(receiver.received).toHaveLength(WEBHOOK_RETRY_SCHEDULE_MS.length + 1);
    const listed = ZWebhookEndpointsResponse.parse(
      (await call(testApp.app, 'GET', '/webhooks/endpoints', as)).json(),
    );
    expect(listed.data[0]).toMatchObject({ uid: endpoint.uid, status: 'disabled' });
    const audit = await testApp.db.select().from(auditEvents).where(eq(auditEvents.subjectUid, endpoint.uid));
    expect(audit.map((row) => [row.action, row.actor])).toContainEqual([
      'webhook_endpoint.disabled',
      'system',
    ]);
    const mails = await listOutboxMails(testApp.db, { to: admin.email, limit: 10 });
    expect(mails.map((mail) => mail.subject)).toContainEqual(
      expect.stringContaining('Webhook endpoint disabled'),
    );
    expect(mails.find((mail) => mail.subject.includes('Webhook'))?.text).toContain(receiver.url);

    // Disabled: nothing more is sent until an Admin enables it again.
    const refused = await call(testApp.app, 'POST', `/webhooks/endpoints/${endpoint.uid}/test`, as);
    expect(errorOf(refused)).toMatchObject({ status: 409, code: 'CONFLICT' });
    const enabled = await call(testApp.app, 'POST', `/webhooks/endpoints/${endpoint.uid}/enable`, as);
    expect(ZWebhookEndpointResponse.parse(enabled.json()).data.status).toBe('active');
  });

  it('signs with both secrets while a rotated one overlaps, then with the new one only', async () => {
    const { testApp, as } = await arrange();
    const receiver = await startReceiver();
    const { endpoint, secret: oldSecret } = await register(testApp, as, receiver.url);
    const rotated = await call(testApp.app, 'POST', `/webhooks/endpoints/${endpoint.uid}/secret`, as);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: newSecret, endpoint: after } = ZWebhookEndpointWithSecretResponse.parse(
      rotated.json(),
    ).data;
    expect(newSecret).not.toBe(oldSecret);
    expect(after.previousSecretExpiresAt).not.toBeNull();

    await sendTest(testApp, as, endpoint.uid);
    await testApp.app.jobs.drain();
    const [during] = receiver.received as [Received];
    expect(during.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verify(oldSecret, during).type).toBe('webhook.test');
    expect(verify(newSecret, during).type).toBe('webhook.test');

    // The overlap is over.
    await testApp.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(webhookEndpoints.uid, endpoint.uid));
    await sendTest(testApp, as, endpoint.uid);
    await testApp.app.jobs.drain();
    const later = receiver.received[1] as Received;
    expect(verify(newSecret, later).type).toBe('webhook.test');
    expect(() => verify(oldSecret, later)).toThrow(WebhookVerificationError);
  });

  it('refuses bad input with 400s, and other organizations’ endpoints with 404', async () => {
    const { testApp, as } = await arrange();
    const post = (body: unknown) => call(testApp.app, 'POST', '/webhooks/endpoints', { ...as, body });
    expect(errorOf(await post({ url: 'ftp://example.com', eventTypes: ['kyb.decided'] })).code).toBe(
      'VALIDATION',
    );
    expect(errorOf(await post({ url: 'https://example.com', eventTypes: [] })).code).toBe('VALIDATION');
    expect(errorOf(await post({ url: 'https://example.com', eventTypes: ['nope'] })).code).toBe('VALIDATION');
    // Outside production only localhost may be plain http.
    const plain = await post({ url: 'http://example.com/hook', eventTypes: ['kyb.decided'] });
    expect(plain.json()).toMatchObject({
      error: { code: 'VALIDATION', fields: { url: WEBHOOK_HTTPS_REQUIRED_MESSAGE } },
    });

    const { endpoint } = await register(testApp, as, 'https://example.com/hook', ['kyb.decided']);
    const stranger = await signInUser(testApp.app);
    const theirs = await createOrganization(testApp, stranger.cookie);
    const foreign = await call(testApp.app, 'DELETE', `/webhooks/endpoints/${endpoint.uid}`, {
      cookie: stranger.cookie,
      organization: theirs.uid,
    });
    expect(errorOf(foreign).status).toBe(404);
    expect((await call(testApp.app, 'DELETE', `/webhooks/endpoints/${endpoint.uid}`, as)).statusCode).toBe(
      204,
    );
  });

  it('in production refuses private, loopback and link-local targets at registration and at delivery', async () => {
    const { testApp, organization, as } = await arrange({ nodeEnv: 'production' });
    const receiver = await startReceiver();
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      const response = await call(testApp.app, 'POST', '/webhooks/endpoints', {
        ...as,
        body: { url, eventTypes: ['kyb.decided'] },
      });
      expect(response.json(), url).toMatchObject({
        error: { code: 'VALIDATION', fields: { url: WEBHOOK_PRIVATE_ADDRESS_MESSAGE } },
      });
    }
    const plain = await call(testApp.app, 'POST', '/webhooks/endpoints', {
      ...as,
      body: { url: receiver.url, eventTypes: ['kyb.decided'] },
    });
    expect(plain.json()).toMatchObject({ error: { fields: { url: WEBHOOK_HTTPS_REQUIRED_MESSAGE } } });

    // A name that pointed elsewhere when it was registered and resolves to loopback now (rebinding).
    const [rebound] = await testApp.db
      .insert(webhookEndpoints)
      .values({
        organizationUid: organization.uid,
        url: receiver.url.replace('http:', 'https:'),
        eventTypes: ['kyb.decided'],
        secret: `whsec_${Buffer.alloc(24, 1).toString('base64')}`,
      })
      .returning();
    await sendTest(testApp, as, rebound?.uid ?? '');
    await testApp.app.jobs.drain();
    expect(receiver.received).toHaveLength(0);
    const [attempt] = (await deliveriesOf(testApp, as, rebound?.uid ?? '')).data;
    expect(attempt).toMatchObject({ succeeded: false, statusCode: null });
    expect(attempt?.error).toContain('private, loopback or link-local');
  });
});

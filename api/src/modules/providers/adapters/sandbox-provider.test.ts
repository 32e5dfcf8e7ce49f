// Database-independent: the sandbox provider only.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type SandboxProvider, startSandboxProvider } from '../../../../sandbox-provider/server';
import { verifyTimestamped } from '../../../http/hmac';

const KEYS = { transfero: 'sk_test_transfero_key', bitso: 'sk_test_bitso_key' };
const SECRET = 'test-webhook-secret-0123456789';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(options: { dataDir?: string | null; reviewSeconds?: number; webhookUrl?: string } = {}) {
  const sandbox = await startSandboxProvider({
    port: 0,
    dataDir: options.dataDir ?? null,
    apiKeys: KEYS,
    webhookSecret: SECRET,
    reviewSeconds: options.reviewSeconds ?? 3600,
    webhookUrlTemplate: options.webhookUrl,
    retryBaseMs: 50,
    tickMs: 20,
  });
  cleanups.push(() => sandbox.close());
  return sandbox;
}

function call(
  sandbox: SandboxProvider,
  method: 'GET' | 'POST',
  route: string,
  options: { key?: string | null; idempotencyKey?: string; body?: unknown } = {},
) {
  const key = options.key === undefined ? KEYS.transfero : options.key;
  return fetch(`${sandbox.url}${route}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

const onboardingBody = (reference = randomUUID(), name = 'Acme Treasury') => ({
  externalReference: reference,
  business: { name },
});

/** A local webhook receiver that answers `status()` and keeps what it received. */
async function receiver(status: () => number = () => 200) {
  const received: { body: string; signature: string | undefined; eventId: string | undefined }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const code = status();
      if (code < 300) {
        received.push({
          body,
          signature: request.headers['x-sandbox-signature'] as string | undefined,
          eventId: request.headers['x-sandbox-event-id'] as string | undefined,
        });
      }
      response.writeHead(code).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

async function until<T>(probe: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the sandbox provider', () => {
  it('answers 401 without a key or with an unknown one, and scopes onboardings to the key’s account', async () => {
    const sandbox = await start();
    expect((await call(sandbox, 'GET', '/v1/onboardings', { key: null })).status).toBe(401);
    const wrong = await call(sandbox, 'GET', '/v1/onboardings', { key: 'sk_nope_nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { code: 'unauthorized', message: 'Missing or unknown API key.' },
    });

    const created = await call(sandbox, 'POST', '/v1/onboardings', {
      idempotencyKey: 'k1',
      body: onboardingBody(),
    });
    const { id } = (await created.json()) as { id: string };
    expect((await call(sandbox, 'GET', `/v1/onboardings/${id}`)).status).toBe(200);
    expect((await call(sandbox, 'GET', `/v1/onboardings/${id}`, { key: KEYS.bitso })).status).toBe(404);
  });

  it('requires an Idempotency-Key on POST; the same key and body answer the same, another body is 422', async () => {
    const sandbox = await start();
    const missing = await call(sandbox, 'POST', '/v1/onboardings', { body: onboardingBody() });
    expect(missing.status).toBe(400);

    const body = onboardingBody();
    const first = await call(sandbox, 'POST', '/v1/onboardings', { idempotencyKey: 'same', body });
    expect(first.status).toBe(201);
    const again = await call(sandbox, 'POST', '/v1/onboardings', {
      idempotencyKey: 'same',
      body: { business: body.business, externalReference: body.externalReference },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());

    const other = await call(sandbox, 'POST', '/v1/onboardings', {
      idempotencyKey: 'same',
      body: onboardingBody(),
    });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');

    const list = (await (await call(sandbox, 'GET', '/v1/onboardings')).json()) as { data: unknown[] };
    expect(list.data).toHaveLength(1);
  });

  it('keeps its state across a restart (atomic file under its data directory)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-provider-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await start({ dataDir });
    const created = await call(first, 'POST', '/v1/onboardings', {
      idempotencyKey: 'k',
      body: onboardingBody(),
    });
    const onboarding = (await created.json()) as { id: string };
    await first.close();

    const second = await start({ dataDir });
    const found = await call(second, 'GET', `/v1/onboardings/${onboarding.id}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ id: onboarding.id, status: 'pending_review' });
    const replay = await call(second, 'POST', '/v1/onboardings', {
      idempotencyKey: 'k',
      body: onboardingBody(),
    });
    expect(replay.status).toBe(422);
  });

  it('reviews after the review delay and delivers a signed webhook to the onboarding’s URL', async () => {
    const hook = await receiver();
    const sandbox = await start({ reviewSeconds: 0.1 });
    const reference = randomUUID();
    await call(sandbox, 'POST', '/v1/onboardings', {
      idempotencyKey: 'k',
      body: { ...onboardingBody(reference), webhookUrl: hook.url },
    });

    const delivery = await until(() => hook.received[0]);
    expect(
      verifyTimestamped(SECRET, Buffer.from(delivery.body), delivery.signature, { toleranceSeconds: 60 }),
    ).toBe('ok');
    expect(
      verifyTimestamped('another-secret-0123456789', Buffer.from(delivery.body), delivery.signature, {
        toleranceSeconds: 60,
      }),
    ).toBe('bad-signature');
    const event = JSON.parse(delivery.body) as {
      id: string;
      type: string;
      data: { onboarding: { externalReference: string; status: string } };
    };
    expect(event).toMatchObject({
      id: delivery.eventId,
      type: 'onboarding.approved',
      data: { onboarding: { externalReference: reference, status: 'approved' } },
    });
  });

  it('retries a delivery until the endpoint answers 2xx, and its helpers drive every branch', async () => {
    let down = true;
    const hook = await receiver(() => (down ? 503 : 200));
    const sandbox = await start({ webhookUrl: hook.url });
    const created = await call(sandbox, 'POST', '/v1/onboardings', {
      idempotencyKey: 'k',
      body: onboardingBody(),
    });
    const { id } = (await created.json()) as { id: string };

    const rejected = await call(sandbox, 'POST', `/v1/sandbox/onboardings/${id}/reject`, {
      idempotencyKey: 'reject-1',
      body: { reason: 'Sanctioned owner', requirements: [{ code: 'ubo', description: 'Another owner' }] },
    });
    expect(rejected.status).toBe(200);
    const { eventId } = (await rejected.json()) as { eventId: string };
    await until(() =>
      sandbox.store.state.deliveries.find((d) => d.eventId === eventId && d.attempts >= 2) ? true : undefined,
    );
    expect(hook.received).toHaveLength(0);

    down = false;
    const delivered = await until(() => hook.received[0]);
    expect(JSON.parse(delivered.body)).toMatchObject({
      id: eventId,
      type: 'onboarding.rejected',
      data: {
        onboarding: {
          reason: 'Sanctioned owner',
          requirements: [{ code: 'ubo', description: 'Another owner' }],
        },
      },
    });

    const replayed = await call(sandbox, 'POST', `/v1/sandbox/webhooks/replay/${eventId}`, {
      idempotencyKey: 'replay-1',
      body: {},
    });
    expect(replayed.status).toBe(202);
    const second = await until(() => hook.received[1]);
    expect(second.eventId).toBe(eventId);
  });

  it('keeps an undelivered webhook across a restart and delivers it once the endpoint is back', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-provider-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let down = true;
    const hook = await receiver(() => (down ? 500 : 200));
    const first = await start({ dataDir, webhookUrl: hook.url });
    const created = await call(first, 'POST', '/v1/onboardings', {
      idempotencyKey: 'k',
      body: onboardingBody(),
    });
    const { id } = (await created.json()) as { id: string };
    const eventId = (await (
      await call(first, 'POST', `/v1/sandbox/onboardings/${id}/approve`, { idempotencyKey: 'a', body: {} })
    ).json()) as { eventId: string };
    await until(() => (first.store.state.deliveries[0]?.attempts ? true : undefined));
    await first.close();

    down = false;
    await start({ dataDir, webhookUrl: hook.url });
    const delivered = await until(() => hook.received[0]);
    expect(delivered.eventId).toBe(eventId.eventId);
  });
});

import {
  ONBOARDING_CLOSED_MESSAGE,
  PROVIDER_NO_KYB_MESSAGE,
  PROVIDER_NOT_FOUND_MESSAGE,
  PROVIDER_WEBHOOK_SIGNATURE_MESSAGE,
  PROVIDER_WEBHOOK_UNKNOWN_EVENT_MESSAGE,
  type TOrganizationEvent,
  ZProviderAccountResponse,
  ZProviderAccountsResponse,
  ZProviderResponse,
  ZProvidersResponse,
} from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, jobs, kybApplications, providerAccounts, providerWebhookEvents } from '../../db/schema';
import { ORGANIZATION_NOT_APPROVED_MESSAGE } from '../../http/guards';
import { signTimestamped } from '../../http/hmac';
import { createTestApp, recordForgetting, type TestApp } from '../../test/app';
import { createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { completeApplication } from '../../test/kyb';
import {
  approveOrganization,
  countingAdapters,
  createCatalogueProvider,
  deliverSandboxEvent,
  SANDBOX_TEST_SECRET,
  sandboxConfig,
  sandboxDecide,
  sandboxEventBody,
  testSandbox,
} from '../../test/providers';
import { auditTrail } from '../audit/index';
import { ProviderError } from './adapters/http-client';
import type { ProviderAdapters } from './adapters/registry';

type Adapter = NonNullable<ReturnType<ProviderAdapters>>;

/**
 * An approved organization whose signed-in member has `role`, on an API speaking to the test
 * sandbox; `wrap` replaces adapter methods (to simulate a crash or a refusal).
 */
async function arrange(
  options: {
    role?: 'Admin' | 'Editor' | 'Viewer';
    approved?: boolean;
    wrap?: (adapter: Adapter) => Partial<Adapter>;
    /** Collects the API's log lines (warn and above). */
    logs?: string[];
  } = {},
) {
  const sandbox = await testSandbox();
  const counting = countingAdapters(sandbox);
  const { wrap } = options;
  const adapters: ProviderAdapters = wrap
    ? (provider) => {
        const adapter = counting.adapters(provider);
        return adapter ? { ...adapter, ...wrap(adapter) } : null;
      }
    : counting.adapters;
  const { logs } = options;
  const testApp = await createTestApp(
    { ...sandboxConfig(sandbox), ...(logs ? { logLevel: 'warn' as const } : {}) },
    {
      providerAdapters: adapters,
      ...(logs ? { logStream: { write: (line: string) => logs.push(line) } } : {}),
    },
  );
  const user = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, user.cookie, { role: options.role ?? 'Admin' });
  if (options.approved ?? true) await approveOrganization(testApp.db, organization.uid);
  const ask = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(testApp.app, method, path, {
      cookie: user.cookie,
      organization: organization.uid,
      ...(body === undefined ? {} : { body }),
    });
  const published: TOrganizationEvent[] = [];
  testApp.app.events.subscribe(organization.uid, ({ event }) => published.push(event));
  return { sandbox, testApp, user, organization, ask, startKeys: counting.startKeys, published };
}

async function accountOf(testApp: TestApp, organizationUid: string) {
  const [row] = await testApp.db
    .select()
    .from(providerAccounts)
    .where(eq(providerAccounts.organizationUid, organizationUid));
  return row;
}

/** Starts onboarding and runs the job: the account is Pending with the sandbox's onboarding id. */
async function onboard(scene: Awaited<ReturnType<typeof arrange>>, providerUid: string) {
  const started = await scene.ask('POST', '/provider-accounts', { providerUid });
  expect(started.statusCode, started.body).toBe(202);
  await scene.testApp.app.jobs.drain();
  const account = await accountOf(scene.testApp, scene.organization.uid);
  expect(account).toMatchObject({ status: 'Pending' });
  return account as NonNullable<typeof account>;
}

describe('the provider catalogue', () => {
  it('lists listed providers with their offer, filters by currency and network, and shows one', async () => {
    const scene = await arrange({ role: 'Viewer' });
    const brl = await createCatalogueProvider(scene.testApp.db, { name: 'Transfero' });
    const mxn = await createCatalogueProvider(scene.testApp.db, {
      name: 'Bitso',
      countries: ['MX'],
      fiat: [{ currency: 'MXN', rail: 'SPEI' }],
      stablecoins: [{ symbol: 'USDC', network: 'arbitrum-one' }],
      fees: [
        {
          currency: 'MXN',
          percentageFee: '0.30',
          fixedFee: '5.00',
          minAmount: '100.00',
          maxAmount: '2000000.00',
        },
      ],
      adapterAccount: 'bitso',
    });
    await createCatalogueProvider(scene.testApp.db, { name: 'Hidden', listed: false });

    const all = ZProvidersResponse.parse((await scene.ask('GET', '/providers')).json()).data;
    expect(all.map((provider) => provider.name)).toEqual(['Bitso', 'Transfero']);
    expect(all[1]).toEqual(brl);
    expect(all[1]?.fees[0]?.percentageFee).toBe('0.50');

    const byCurrency = ZProvidersResponse.parse(
      (await scene.ask('GET', '/providers?currency=MXN')).json(),
    ).data;
    expect(byCurrency.map((provider) => provider.uid)).toEqual([mxn.uid]);
    const byNetwork = ZProvidersResponse.parse(
      (await scene.ask('GET', '/providers?network=polygon-amoy')).json(),
    ).data;
    expect(byNetwork.map((provider) => provider.uid)).toEqual([brl.uid]);
    const none = ZProvidersResponse.parse(
      (await scene.ask('GET', '/providers?currency=MXN&network=polygon-amoy')).json(),
    );
    expect(none.data).toEqual([]);
    const badFilter = await scene.ask('GET', '/providers?currency=EUR');
    expect(badFilter.statusCode).toBe(400);

    const one = ZProviderResponse.parse((await scene.ask('GET', `/providers/${mxn.uid}`)).json()).data;
    expect(one).toMatchObject({
      name: 'Bitso',
      networks: ['arbitrum-one'],
      fiat: [{ currency: 'MXN', rail: 'SPEI' }],
    });
    const unknown = await scene.ask('GET', '/providers/00000000-0000-4000-8000-000000000000');
    expect(errorOf(unknown)).toEqual({ status: 404, code: 'NOT_FOUND', message: PROVIDER_NOT_FOUND_MESSAGE });
  });

  it('refuses an organization that is not approved, on every provider endpoint', async () => {
    const scene = await arrange({ approved: false });
    const provider = await createCatalogueProvider(scene.testApp.db);
    for (const response of [
      await scene.ask('GET', '/providers'),
      await scene.ask('GET', `/providers/${provider.uid}`),
      await scene.ask('GET', '/provider-accounts'),
      await scene.ask('POST', '/provider-accounts', { providerUid: provider.uid }),
    ]) {
      expect(errorOf(response)).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: ORGANIZATION_NOT_APPROVED_MESSAGE,
      });
    }
    expect(await scene.testApp.db.select().from(providerAccounts)).toEqual([]);
  });
});

describe('onboarding with a provider', () => {
  it('sends nothing without an approved KYB application: the account fails with the reason', async () => {
    const scene = await arrange({ role: 'Admin' });
    // Approved by status only (as the seed once did), with no application behind it.
    await scene.testApp.db.delete(kybApplications);
    const provider = await createCatalogueProvider(scene.testApp.db);
    const started = await scene.ask('POST', '/provider-accounts', { providerUid: provider.uid });
    expect(started.statusCode, started.body).toBe(202);
    await scene.testApp.app.jobs.drain();
    const account = ZProviderAccountResponse.parse(
      (await scene.ask('GET', `/provider-accounts/${provider.uid}`)).json(),
    ).data;
    expect(account).toMatchObject({ status: 'Failed', reason: PROVIDER_NO_KYB_MESSAGE });
    expect(scene.startKeys).toEqual([]);
  });

  it('lets an Editor start once: a second start answers the same account; the job calls the provider once', async () => {
    const scene = await arrange({ role: 'Editor' });
    const provider = await createCatalogueProvider(scene.testApp.db);

    const first = await scene.ask('POST', '/provider-accounts', { providerUid: provider.uid });
    expect(first.statusCode, first.body).toBe(202);
    const account = ZProviderAccountResponse.parse(first.json()).data;
    expect(account).toMatchObject({
      status: 'Submitting',
      provider: { uid: provider.uid },
      externalId: null,
    });
    const second = await scene.ask('POST', '/provider-accounts', { providerUid: provider.uid });
    expect(second.statusCode).toBe(202);
    expect(ZProviderAccountResponse.parse(second.json()).data.uid).toBe(account.uid);
    expect(await scene.testApp.db.select().from(providerAccounts)).toHaveLength(1);
    expect(await scene.testApp.db.select().from(jobs)).toHaveLength(1);
    expect(scene.published).toEqual([{ type: 'provider_account.updated', providerUid: provider.uid }]);

    await scene.testApp.app.jobs.drain();
    const pending = ZProviderAccountResponse.parse(
      (await scene.ask('GET', `/provider-accounts/${provider.uid}`)).json(),
    ).data;
    expect(pending.status).toBe('Pending');
    expect(pending.externalId).toMatch(/^onb_/);
    expect(scene.startKeys).toEqual([`${account.uid}:1`]);
    const atSandbox = scene.sandbox.store.state.onboardings[pending.externalId ?? ''];
    expect(atSandbox).toMatchObject({
      externalReference: account.uid,
      // The organization's approved KYB application is what the provider receives.
      business: {
        organizationUid: scene.organization.uid,
        legalName: completeApplication().legalName,
        taxId: completeApplication().taxId,
      },
    });

    const list = ZProviderAccountsResponse.parse((await scene.ask('GET', '/provider-accounts')).json()).data;
    expect(list.map((item) => [item.provider.name, item.status])).toEqual([[provider.name, 'Pending']]);
    const trail = await auditTrail(scene.testApp.db, {
      organizationUid: scene.organization.uid,
      subjectType: 'provider_account',
      subjectUid: account.uid,
    });
    expect(trail.map((entry) => [entry.action, entry.from, entry.to, entry.actor])).toEqual([
      ['provider_account.onboarding_started', null, 'Submitting', scene.user.email],
      ['provider_account.pending', 'Submitting', 'Pending', 'system'],
    ]);
  });

  it('never onboards twice when the job dies after the provider call: the retry sends the same key', async () => {
    let crash = true;
    const scene = await arrange({
      wrap: (adapter) => ({
        async startOnboarding(account, kyb, key) {
          const answer = await adapter.startOnboarding(account, kyb, key);
          if (crash) {
            crash = false;
            throw new Error('the process died before committing');
          }
          return answer;
        },
      }),
    });
    const provider = await createCatalogueProvider(scene.testApp.db);
    const before = Object.keys(scene.sandbox.store.state.onboardings).length;

    expect((await scene.ask('POST', '/provider-accounts', { providerUid: provider.uid })).statusCode).toBe(
      202,
    );
    await scene.testApp.app.jobs.drain();
    expect((await accountOf(scene.testApp, scene.organization.uid))?.status).toBe('Submitting');
    await scene.testApp.db.update(jobs).set({ runAt: new Date() });
    await scene.testApp.app.jobs.drain();

    expect((await accountOf(scene.testApp, scene.organization.uid))?.status).toBe('Pending');
    expect(scene.startKeys).toHaveLength(2);
    expect(new Set(scene.startKeys).size).toBe(1);
    expect(Object.keys(scene.sandbox.store.state.onboardings).length - before).toBe(1);
  });

  it('refuses a Viewer (403), an unknown provider (404) and a provider whose onboarding is closed (409)', async () => {
    const viewer = await arrange({ role: 'Viewer' });
    const provider = await createCatalogueProvider(viewer.testApp.db);
    const refused = await viewer.ask('POST', '/provider-accounts', { providerUid: provider.uid });
    expect(errorOf(refused)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Viewers cannot start onboarding.',
    });

    const admin = await arrange();
    const closed = await createCatalogueProvider(admin.testApp.db, { onboardingOpen: false });
    expect(errorOf(await admin.ask('POST', '/provider-accounts', { providerUid: closed.uid }))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: ONBOARDING_CLOSED_MESSAGE,
    });
    const unknown = await admin.ask('POST', '/provider-accounts', {
      providerUid: '00000000-0000-4000-8000-000000000000',
    });
    expect(errorOf(unknown).status).toBe(404);
    const invalid = await admin.ask('POST', '/provider-accounts', { providerUid: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: { fields: { providerUid: 'Choose a provider' } } });
    expect(await admin.testApp.db.select().from(providerAccounts)).toEqual([]);
  });

  it('marks the account Failed when the provider refuses the request, and a new start tries again', async () => {
    let refuse = true;
    const scene = await arrange({
      wrap: (adapter) => ({
        startOnboarding: (account, kyb, key) =>
          refuse
            ? Promise.reject(
                new ProviderError(
                  'POST /v1/onboardings answered 400: business.name is required',
                  400,
                  'invalid_request',
                  false,
                  'business.name is required',
                ),
              )
            : adapter.startOnboarding(account, kyb, key),
      }),
    });
    const provider = await createCatalogueProvider(scene.testApp.db);
    const start = () => scene.ask('POST', '/provider-accounts', { providerUid: provider.uid });

    await start();
    await scene.testApp.app.jobs.drain();
    // The reason is the provider's own words, not the HTTP client's account of the call.
    expect(await accountOf(scene.testApp, scene.organization.uid)).toMatchObject({
      status: 'Failed',
      attempt: 1,
      reason: 'The provider refused the request: business.name is required',
    });

    refuse = false;
    const again = ZProviderAccountResponse.parse((await start()).json()).data;
    expect(again.status).toBe('Submitting');
    await scene.testApp.app.jobs.drain();
    expect(await accountOf(scene.testApp, scene.organization.uid)).toMatchObject({
      status: 'Pending',
      attempt: 2,
    });
    expect(scene.startKeys).toEqual([`${again.uid}:2`]);
  });
});

describe('provider webhooks', () => {
  it('processes a signed event once: the account becomes Active; a replay answers 200 and changes nothing', async () => {
    const scene = await arrange();
    const provider = await createCatalogueProvider(scene.testApp.db);
    const account = await onboard(scene, provider.uid);
    const eventId = await sandboxDecide(scene.sandbox, account.externalId ?? '', 'approve');
    const body = sandboxEventBody(scene.sandbox, eventId);
    scene.published.length = 0;

    const delivered = await deliverSandboxEvent(scene.testApp, provider.uid, body);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ data: { received: true, duplicate: false } });
    expect(await accountOf(scene.testApp, scene.organization.uid)).toMatchObject({ status: 'Active' });
    expect(scene.published).toEqual([{ type: 'provider_account.updated', providerUid: provider.uid }]);
    const auditCount = (await scene.testApp.db.select().from(auditEvents)).length;

    const replay = await deliverSandboxEvent(scene.testApp, provider.uid, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ data: { received: true, duplicate: true } });
    expect((await scene.testApp.db.select().from(auditEvents)).length).toBe(auditCount);
    expect(await scene.testApp.db.select().from(providerWebhookEvents)).toHaveLength(1);
    expect(scene.published).toHaveLength(1);

    const [last] = (
      await auditTrail(scene.testApp.db, {
        organizationUid: scene.organization.uid,
        subjectType: 'provider_account',
        subjectUid: account.uid,
      })
    ).slice(-1);
    expect(last).toMatchObject({
      action: 'provider_account.active',
      from: 'Pending',
      to: 'Active',
      actor: `provider:${provider.uid}`,
    });
  });

  it("makes the read cache forget the organization's reads only, not every organization's", async () => {
    const scene = await arrange();
    const provider = await createCatalogueProvider(scene.testApp.db);
    const account = await onboard(scene, provider.uid);
    const eventId = await sandboxDecide(scene.sandbox, account.externalId ?? '', 'approve');
    const forgotten = recordForgetting(scene.testApp.app);

    const delivered = await deliverSandboxEvent(
      scene.testApp,
      provider.uid,
      sandboxEventBody(scene.sandbox, eventId),
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    // The event and the request's own write, both scoped; nothing forgot everything.
    expect(forgotten.length).toBeGreaterThanOrEqual(2);
    expect(new Set(forgotten)).toEqual(new Set([scene.organization.uid]));
  });

  it('records a rejection with its reason and the provider’s requirements', async () => {
    const scene = await arrange();
    const provider = await createCatalogueProvider(scene.testApp.db);
    const account = await onboard(scene, provider.uid);
    const eventId = await sandboxDecide(scene.sandbox, account.externalId ?? '', 'reject', {
      reason: 'Missing proof of address',
      requirements: [{ code: 'proof_of_address', description: 'A recent utility bill' }],
    });

    const delivered = await deliverSandboxEvent(
      scene.testApp,
      provider.uid,
      sandboxEventBody(scene.sandbox, eventId),
    );
    expect(delivered.statusCode).toBe(200);
    const shown = ZProviderAccountResponse.parse(
      (await scene.ask('GET', `/provider-accounts/${provider.uid}`)).json(),
    ).data;
    expect(shown).toMatchObject({
      status: 'Rejected',
      reason: 'Missing proof of address',
      requirements: [{ code: 'proof_of_address', description: 'A recent utility bill' }],
    });
  });

  it('refuses a bad or stale signature (401), an unknown event (400) and an unknown provider (404), and logs them', async () => {
    const logs: string[] = [];
    const scene = await arrange({ logs });
    const provider = await createCatalogueProvider(scene.testApp.db);
    const account = await onboard(scene, provider.uid);
    const eventId = await sandboxDecide(scene.sandbox, account.externalId ?? '', 'approve');
    const body = sandboxEventBody(scene.sandbox, eventId);

    const wrongSecret = await deliverSandboxEvent(scene.testApp, provider.uid, body, {
      secret: 'not-the-secret-0123456789',
    });
    expect(errorOf(wrongSecret)).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: PROVIDER_WEBHOOK_SIGNATURE_MESSAGE,
    });
    const unsigned = await deliverSandboxEvent(scene.testApp, provider.uid, body, { signature: '' });
    expect(unsigned.statusCode).toBe(401);
    const stale = await deliverSandboxEvent(scene.testApp, provider.uid, body, {
      at: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(stale.statusCode).toBe(401);
    const tampered = await deliverSandboxEvent(scene.testApp, provider.uid, body, {
      signature: signTimestamped(SANDBOX_TEST_SECRET, body, Math.floor(Date.now() / 1000)).replace(
        /.$/,
        (c) => (c === '0' ? '1' : '0'),
      ),
    });
    expect(tampered.statusCode).toBe(401);

    const unknownType = JSON.stringify({ ...JSON.parse(body), id: 'evt_other', type: 'payout.settled' });
    expect(errorOf(await deliverSandboxEvent(scene.testApp, provider.uid, unknownType))).toEqual({
      status: 400,
      code: 'VALIDATION',
      message: PROVIDER_WEBHOOK_UNKNOWN_EVENT_MESSAGE,
    });
    const unknownProvider = await deliverSandboxEvent(
      scene.testApp,
      '00000000-0000-4000-8000-000000000000',
      body,
    );
    expect(errorOf(unknownProvider)).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: PROVIDER_NOT_FOUND_MESSAGE,
    });

    expect(await accountOf(scene.testApp, scene.organization.uid)).toMatchObject({ status: 'Pending' });
    expect(await scene.testApp.db.select().from(providerWebhookEvents)).toEqual([]);
    const refusals = logs
      .map((line) => JSON.parse(line) as { msg?: string; reason?: string })
      .filter((line) => line.msg === 'Provider webhook refused')
      .map((line) => line.reason);
    expect(refusals).toEqual(['bad-signature', 'bad-signature', 'stale', 'bad-signature', 'unknown-event']);
  });

  it('never undoes a decision: a late "needs more info" after approval changes nothing', async () => {
    const scene = await arrange();
    const provider = await createCatalogueProvider(scene.testApp.db);
    const account = await onboard(scene, provider.uid);
    const info = await sandboxDecide(scene.sandbox, account.externalId ?? '', 'request-info');
    const approved = await sandboxDecide(scene.sandbox, account.externalId ?? '', 'approve');

    await deliverSandboxEvent(scene.testApp, provider.uid, sandboxEventBody(scene.sandbox, approved));
    const late = await deliverSandboxEvent(
      scene.testApp,
      provider.uid,
      sandboxEventBody(scene.sandbox, info),
    );
    expect(late.statusCode).toBe(200);
    expect(await accountOf(scene.testApp, scene.organization.uid)).toMatchObject({
      status: 'Active',
      requirements: [],
    });
  });
});

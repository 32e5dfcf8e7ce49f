import { randomUUID } from 'node:crypto';
import type { TCatalogueProvider } from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { type SandboxProvider, startSandboxProvider } from '../../sandbox-provider/server';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { kybApplications, organizations, providers } from '../db/schema';
import { signTimestamped } from '../http/hmac';
import { createProviderAdapters, type ProviderAdapters } from '../modules/providers/adapters/registry';
import { toProvider } from '../modules/providers/repo';
import { type TestApp, testConfig } from './app';
import { testDevChain } from './dev-chain';
import { completeApplication } from './kyb';

export const SANDBOX_TEST_KEYS = { transfero: 'sk_test_transfero_key', bitso: 'sk_test_bitso_key' };
export const SANDBOX_TEST_SECRET = 'test-sandbox-webhook-secret-0123';

/**
 * One in-memory sandbox provider per test file, on a free port, stopped after the file
 * (setup-file.ts), moving tokens on the file's dev chains (testDevChain) and asking them for news
 * every 50 ms. It reviews nothing by itself (tests decide with its helpers) and posts no webhooks
 * (tests deliver them with `deliverSandboxEvent`, signed as the sandbox signs them).
 */
let shared: Promise<SandboxProvider> | undefined;
export function testSandbox(): Promise<SandboxProvider> {
  shared ??= testDevChain().then((devChain) =>
    startSandboxProvider({
      port: 0,
      dataDir: null,
      apiKeys: SANDBOX_TEST_KEYS,
      webhookSecret: SANDBOX_TEST_SECRET,
      reviewSeconds: 3600,
      chains: devChain.chains.map(({ network, chainId, url }) => ({ network, chainId, rpcUrl: url })),
      chainPollMs: 50,
    }),
  );
  return shared;
}

export async function stopTestSandbox(): Promise<void> {
  const sandbox = await shared;
  shared = undefined;
  await sandbox?.close();
}

/** The configuration overrides that point the API at the test sandbox. */
export function sandboxConfig(sandbox: SandboxProvider): Pick<Config, 'providers'> {
  const base = testConfig();
  return {
    providers: {
      ...base.providers,
      sandbox: { url: sandbox.url, apiKeys: SANDBOX_TEST_KEYS, webhookSecret: SANDBOX_TEST_SECRET },
      webhookBaseUrl: 'http://127.0.0.1:9/api/v0/providers/webhooks',
    },
  };
}

/** The real adapters for the test sandbox, each call counted (by idempotency key). */
export function countingAdapters(sandbox: SandboxProvider) {
  const real = createProviderAdapters(sandboxConfig(sandbox).providers);
  const startKeys: string[] = [];
  const adapters: ProviderAdapters = (provider) => {
    const adapter = real(provider);
    if (!adapter) return null;
    return {
      ...adapter,
      startOnboarding: (account, kyb, key) => {
        startKeys.push(key);
        return adapter.startOnboarding(account, kyb, key);
      },
    };
  };
  return { adapters, startKeys };
}

/** A listed provider on the sandbox (Transfero-like by default). */
export async function createCatalogueProvider(
  db: Database,
  overrides: Partial<typeof providers.$inferInsert> = {},
): Promise<TCatalogueProvider> {
  const [row] = await db
    .insert(providers)
    .values({
      name: `Provider ${randomUUID().slice(0, 6)}`,
      description: 'BRL over Pix',
      countries: ['BR'],
      fiat: [{ currency: 'BRL', rail: 'Pix' }],
      stablecoins: [{ symbol: 'testbrz', network: 'polygon-amoy' }],
      fees: [
        {
          currency: 'BRL',
          percentageFee: '0.50',
          fixedFee: '1.00',
          minAmount: '10.00',
          maxAmount: '500000.00',
        },
      ],
      listed: true,
      onboardingOpen: true,
      adapter: 'sandbox',
      adapterAccount: 'transfero',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('provider not created');
  return toProvider(row);
}

/** As an operator's approval leaves it: an Approved KYB application (the data sent to providers) and approvalStatus. */
export async function approveOrganization(db: Database, organizationUid: string): Promise<void> {
  await db
    .insert(kybApplications)
    .values({ organizationUid, status: 'Approved', data: completeApplication(), decidedAt: new Date() })
    .onConflictDoUpdate({
      target: kybApplications.organizationUid,
      set: { status: 'Approved', data: completeApplication(), decidedAt: new Date() },
    });
  await db
    .update(organizations)
    .set({ approvalStatus: 'Approved' })
    .where(eq(organizations.uid, organizationUid));
}

/** Posts a sandbox event to our webhook endpoint, signed like the sandbox signs (or as `options` says). */
export function deliverSandboxEvent(
  { app }: Pick<TestApp, 'app'>,
  providerUid: string,
  body: string,
  options: { secret?: string; at?: number; signature?: string } = {},
) {
  const at = options.at ?? Math.floor(Date.now() / 1000);
  return app.inject({
    method: 'POST',
    url: `/api/v0/providers/webhooks/${providerUid}`,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature':
        options.signature ?? signTimestamped(options.secret ?? SANDBOX_TEST_SECRET, body, at),
    },
    payload: body,
  });
}

/**
 * Tells the API each of the sandbox's events, in order, as its webhooks would (signed like the
 * sandbox signs), then runs the jobs (a delivery completes once the API has checked it on chain).
 */
export async function deliverSandboxEvents(
  testApp: Pick<TestApp, 'app'>,
  sandbox: SandboxProvider,
  providerUid: string,
  eventIds: readonly string[],
): Promise<void> {
  for (const id of eventIds) {
    const answer = await deliverSandboxEvent(testApp, providerUid, sandboxEventBody(sandbox, id));
    if (answer.statusCode !== 200)
      throw new Error(`the webhook ${id} answered ${answer.statusCode}: ${answer.body}`);
  }
  await testApp.app.jobs.drain();
}

/** The body the sandbox would post for one of its events. */
export function sandboxEventBody(sandbox: SandboxProvider, eventId: string): string {
  const event = sandbox.store.state.events[eventId];
  if (!event) throw new Error(`no sandbox event ${eventId}`);
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, data: event.data });
}

/** Calls a sandbox test helper (approve, reject, request-info, fail) as the account's key. */
export async function sandboxDecide(
  sandbox: SandboxProvider,
  onboardingId: string,
  decision: 'approve' | 'reject' | 'request-info' | 'fail',
  body: Record<string, unknown> = {},
  account: keyof typeof SANDBOX_TEST_KEYS = 'transfero',
): Promise<string> {
  const response = await fetch(`${sandbox.url}/v1/sandbox/onboardings/${onboardingId}/${decision}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SANDBOX_TEST_KEYS[account]}`,
      'idempotency-key': randomUUID(),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${decision} answered ${response.status}`);
  return ((await response.json()) as { eventId: string }).eventId;
}

/**
 * Calls a sandbox transfer helper (funds-received, complete, payout-failed, return, cancel) as the
 * account's key; answers the ids of the webhook events it emitted, in order (funds-received answers
 * once the stablecoin's transaction is confirmed). An off-ramp's deposit has no helper: pay it on
 * chain (`payDeposit`) and wait for its events (`sandboxTransferEvents`).
 */
export async function sandboxTransferHelper(
  sandbox: SandboxProvider,
  transferId: string,
  helper: 'funds-received' | 'complete' | 'payout-failed' | 'return' | 'cancel',
  body: Record<string, unknown> = {},
  account: keyof typeof SANDBOX_TEST_KEYS = 'transfero',
): Promise<string[]> {
  const response = await fetch(`${sandbox.url}/v1/sandbox/transfers/${transferId}/${helper}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SANDBOX_TEST_KEYS[account]}`,
      'idempotency-key': randomUUID(),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`sandbox ${helper} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { eventIds: string[] }).eventIds;
}

/** The ids of the sandbox's webhook events about a transfer, oldest first, once there are `count`. */
export async function sandboxTransferEvents(
  sandbox: SandboxProvider,
  transferId: string,
  count: number,
  timeoutMs = 15_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ids = Object.values(sandbox.store.state.events)
      .filter((event) => (event.data.transfer as { id?: string } | undefined)?.id === transferId)
      .map((event) => event.id);
    if (ids.length >= count) return ids;
    if (Date.now() > deadline) {
      throw new Error(`the sandbox emitted ${ids.length} of ${count} events about ${transferId} in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

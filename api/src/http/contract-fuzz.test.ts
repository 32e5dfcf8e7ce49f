import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  IDEMPOTENCY_KEY_HEADER,
  INBOUND_EMAIL_CONTENT_TYPE,
  INBOUND_SIGNATURE_HEADER,
  ORGANIZATION_HEADER,
  ZCreateApiKeyResponse,
  ZErrorBody,
  ZInvitationResponse,
  ZWebhookEndpointWithSecretResponse,
} from '@dash/shared/contracts';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../app';
import { registeredWallets, signingDevices } from '../db/schema';
import { SANDBOX_SIGNATURE_HEADER } from '../modules/providers/adapters/sandbox';
import type { TestApp } from '../test/app';
import { testConfig } from '../test/app';
import { signIn } from '../test/auth';
import { emptyTestDatabase } from '../test/database';
import {
  addMember,
  createOrganization,
  insertCounterparties,
  insertMoney,
  signInUser,
} from '../test/factories';
import { anyFromSchema, HOSTILE_STRINGS, hostileValue, type Pools } from '../test/fuzz';
import { call } from '../test/http';
import { addDocument } from '../test/kyb';
import { createProvider, deliver, inboundSignature, PDF_BYTES } from '../test/messages';
import {
  approveOrganization,
  createCatalogueProvider,
  SANDBOX_TEST_KEYS,
  SANDBOX_TEST_SECRET,
} from '../test/providers';
import { snapshotTables, type TableSnapshot } from '../test/snapshot';
import { signTimestamped } from './hmac';
import { type RouteDoc, routeDocs, routeTable } from './openapi';

/**
 * Every route Fastify registered, called as an authorized caller (an Admin of an Approved
 * organization who is also a platform operator; the release token for the release API; a valid
 * signature for the webhooks) with inputs derived from the route's own zod contracts plus hostile
 * values. Invariants: never a 5xx; every 4xx has the error shape; no stack trace or SQL in any body;
 * a refused request leaves every table as it was (row counts and a hash of the rows).
 *
 * Reproduce a failure with FUZZ_SEED=<printed seed> (and the path fast-check prints).
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const RELEASE_TOKEN = 'fuzz-release-token-0123456789abcdef0123';

interface Scene {
  testApp: TestApp;
  email: string;
  cookie: string;
  organizationUid: string;
  otherOrganizationUid: string;
  pools: Pools;
}

let scene: Scene;
let closeApp: () => Promise<void>;

async function arrange(): Promise<Scene> {
  const base = testConfig();
  const config = testConfig({
    releases: { ...base.releases, token: RELEASE_TOKEN, dir: join(tmpdir(), `dash-fuzz-${randomUUID()}`) },
    // Webhooks signed as the sandbox signs them reach the handler (nothing here calls the sandbox).
    providers: {
      ...base.providers,
      sandbox: { url: 'http://127.0.0.1:9', apiKeys: SANDBOX_TEST_KEYS, webhookSecret: SANDBOX_TEST_SECRET },
    },
  });
  const database = await emptyTestDatabase();
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  closeApp = () => app.close();
  const testApp: TestApp = { app, db: database.db, config };
  const { db } = testApp;

  // The operator (ops@example.com) is also the Admin of an Approved organization.
  const email = [...config.operatorEmails][0] ?? 'ops@example.com';
  const admin = await signInUser(app, email);
  const organization = await createOrganization(testApp, admin.cookie);
  await approveOrganization(db, organization.uid);
  const viewer = await addMember(testApp, organization.uid, 'Viewer');
  const invited = await call(app, 'POST', '/organization/invitations', {
    cookie: admin.cookie,
    organization: organization.uid,
    body: { email: 'invited@example.com', role: 'Editor' },
  });
  const invitationUid = ZInvitationResponse.parse(invited.json()).data.uid;
  const keyCreated = await call(app, 'POST', '/organization/api-keys', {
    cookie: admin.cookie,
    organization: organization.uid,
    body: { name: 'Fuzz', role: 'Editor' },
  });
  const apiKeyUid = ZCreateApiKeyResponse.parse(keyCreated.json()).data.uid;

  const provider = await createProvider(db);
  const delivery = await deliver(testApp, {
    from: provider.addresses[0] as string,
    to: `${organization.slug}@${config.messages.clientMailDomain}`,
    subject: 'Statement',
    text: 'Attached.',
    attachments: [{ filename: 'statement.pdf', contentType: 'application/pdf', content: PDF_BYTES }],
  });
  const document = await addDocument(app, { cookie: admin.cookie, organization: organization.uid }, 'other');
  const catalogue = await createCatalogueProvider(db);
  const counterparties = await insertCounterparties(db, organization.uid);
  const [device] = await db
    .insert(signingDevices)
    .values({ userUid: admin.uid, name: 'Ledger', ethAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })
    .returning();
  const money = await insertMoney(db, {
    organizationUid: organization.uid,
    providerUid: catalogue.uid,
    type: 'on_ramp',
  });

  const endpoint = await call(app, 'POST', '/webhooks/endpoints', {
    cookie: admin.cookie,
    organization: organization.uid,
    body: { url: 'https://example.com/hooks', eventTypes: ['transfer.created'] },
  });
  const webhookEndpointUid = ZWebhookEndpointWithSecretResponse.parse(endpoint.json()).data.endpoint.uid;

  // Another organization, whose uids a caller must never reach.
  const stranger = await signInUser(app);
  const other = await createOrganization(testApp, stranger.cookie);
  const [otherWallet] = await db
    .insert(registeredWallets)
    .values({
      organizationUid: other.uid,
      network: 'ethereum',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      name: 'Theirs',
    })
    .returning();

  const uids = [
    organization.uid,
    viewer.uid,
    admin.uid,
    invitationUid,
    apiKeyUid,
    delivery.threadUid,
    document.uid,
    catalogue.uid,
    provider.uid,
    counterparties.walletUid,
    counterparties.bankBeneficiaryUid,
    device?.uid,
    money.expiredQuoteUid,
    money.transferUid,
    webhookEndpointUid,
    other.uid,
    stranger.uid,
    otherWallet?.uid,
  ].filter((uid): uid is string => typeof uid === 'string');
  const strings = [
    'Renamed',
    'Editor',
    'Viewer',
    'Admin',
    'BRL',
    'MXN',
    'testbrz',
    'polygon-amoy',
    'ethereum',
    'solana',
    'PixKey',
    'Clabe',
    'Transfero',
    'on_ramp',
    'off_ramp',
    'messages',
    'wallet',
    'rails',
    'settings',
    '1.0.0',
    'production',
    '100',
    '0.01',
    'a.pdf',
    'application/pdf',
    'image/png',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    'https://example.com/hooks',
    'http://localhost:9/hooks',
    'https://127.0.0.1/hooks',
    'transfer.created',
    'kyb.decided',
  ];
  return {
    testApp,
    email,
    cookie: admin.cookie,
    organizationUid: organization.uid,
    otherOrganizationUid: other.uid,
    pools: { uids, strings },
  };
}

beforeAll(async () => {
  console.log(`contract fuzz: seed ${SEED} (FUZZ_SEED=${SEED} reproduces), ${NUM_RUNS} runs per route`);
  scene = await arrange();
}, 120_000);

afterAll(async () => {
  await closeApp?.();
});

interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined => {
  const def = (schema as unknown as { _zod?: { def: { type: string; shape?: Record<string, z.ZodType> } } })
    ?._zod?.def;
  return def?.type === 'object' ? def.shape : undefined;
};

/** Percent-encodes a path segment; a lone surrogate (which encodeURIComponent refuses) as bad UTF-8. */
function segment(value: unknown, raw: boolean): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return raw ? encodeURI(text) : encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function queryString(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object' || Array.isArray(value)) return `q=${segment(value, false)}`;
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item === undefined) continue;
    const values = Array.isArray(item) ? item : [item];
    for (const one of values)
      parts.push(
        `${segment(key, false)}=${segment(typeof one === 'string' ? one : JSON.stringify(one), false)}`,
      );
  }
  return parts.join('&');
}

const BAD_JSON_TEXTS = [
  '{"a":',
  '[',
  'null',
  '"text"',
  '12',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  '\u0000',
  '{"a":1}garbage',
];

function requestArbitrary(
  route: { method: string; url: string },
  doc: RouteDoc | undefined,
): fc.Arbitrary<Built> {
  const { pools } = scene;
  const paramShape = shapeOf(doc?.params);
  const names = [...route.url.matchAll(/:([A-Za-z]+)|\*/g)].map((match) => match[1] ?? '*');
  const streams = route.url.endsWith('/events');
  const paramValue = (name: string): fc.Arbitrary<unknown> => {
    const schema = paramShape?.[name];
    const base = schema
      ? anyFromSchema(schema, pools)
      : fc.oneof(fc.constantFrom(...pools.uids), fc.constantFrom(...HOSTILE_STRINGS), fc.uuid());
    // An event stream never ends: never open one on the caller's own organization.
    return streams ? base.map((value) => (value === scene.organizationUid ? randomUUID() : value)) : base;
  };
  const params = fc.tuple(...names.map((name) => fc.tuple(paramValue(name), fc.boolean())));
  const query = doc?.query
    ? anyFromSchema(doc.query, pools)
    : fc.option(
        fc.dictionary(fc.constantFrom('page', 'size', '__proto__', 'q', 'env'), hostileValue, { maxKeys: 2 }),
        {
          freq: 3,
        },
      );

  let body: fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }>;
  if (doc?.body) {
    body = fc.oneof(
      {
        weight: 8,
        arbitrary: anyFromSchema(doc.body, pools).map((value) => ({
          contentType: 'application/json',
          payload: JSON.stringify(value),
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom(...BAD_JSON_TEXTS)
          .map((payload) => ({ contentType: 'application/json', payload })),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-7')
          .map((contentType) => ({ contentType, payload: '{}' })),
      },
    );
  } else if (doc?.rawBody) {
    const contentType = doc.rawBody.contentType;
    body = fc.oneof(
      fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({ contentType, payload: Buffer.from(bytes) })),
      fc.constant({ contentType, payload: PDF_BYTES }),
      fc.constantFrom(...HOSTILE_STRINGS).map((text) => ({ contentType, payload: Buffer.from(text) })),
      fc.constant({ contentType: 'application/json', payload: '{}' }),
    );
  } else {
    body = fc.oneof(
      { weight: 4, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: hostileValue.map((value) => ({
          contentType: 'application/json',
          payload: JSON.stringify(value) ?? 'null',
        })),
      },
    );
  }

  const organizationHeader = fc.oneof(
    { weight: 8, arbitrary: fc.constant(scene.organizationUid) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS, scene.otherOrganizationUid) },
  );
  const idempotencyKey = fc.option(fc.oneof(fc.uuid(), fc.constantFrom(...HOSTILE_STRINGS)), { freq: 4 });
  const releaseAuthorization = fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${RELEASE_TOKEN}`) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map((text) => `Bearer ${text}`) },
  );

  // Headers anything may read (logs, sessions, rate limits): hostile values there too.
  const extraHeader = fc.option(
    fc.tuple(
      fc.constantFrom(
        'user-agent',
        'x-forwarded-for',
        'x-request-id',
        'accept-language',
        'origin',
        'referer',
      ),
      fc.constantFrom(...HOSTILE_STRINGS),
    ),
    { freq: 3 },
  );

  return fc
    .record({ params, query, body, organizationHeader, idempotencyKey, releaseAuthorization, extraHeader })
    .map(
      ({
        params: values,
        query: queryValue,
        body: sent,
        organizationHeader: org,
        idempotencyKey: key,
        releaseAuthorization: bearer,
        extraHeader: extra,
      }) => {
        let index = 0;
        const path = route.url.replace(/:([A-Za-z]+)|\*/g, () => {
          const [value, raw] = values[index++] ?? ['', false];
          return segment(value, raw);
        });
        const search = queryString(queryValue);
        const headers: Record<string, string> = {
          cookie: scene.cookie,
          [ORGANIZATION_HEADER]: org,
          authorization: bearer,
        };
        if (key !== null) headers[IDEMPOTENCY_KEY_HEADER] = key;
        if (extra !== null) headers[extra[0]] = extra[1];
        if (sent.contentType) headers['content-type'] = sent.contentType;
        const payload = sent.payload;
        if (route.url === '/api/v0/inbound/email' && payload !== undefined) {
          headers['content-type'] = INBOUND_EMAIL_CONTENT_TYPE;
          headers[INBOUND_SIGNATURE_HEADER] = inboundSignature(
            scene.testApp.config.messages.inboundSecret,
            Buffer.from(payload),
          );
        }
        if (route.url.startsWith('/api/v0/providers/webhooks/') && payload !== undefined) {
          headers[SANDBOX_SIGNATURE_HEADER] = signTimestamped(
            SANDBOX_TEST_SECRET,
            payload.toString(),
            Math.floor(Date.now() / 1000),
          );
        }
        return {
          method: route.method,
          url: search ? `${path}?${search}` : path,
          headers,
          ...(payload !== undefined && route.method !== 'GET' ? { payload } : {}),
        };
      },
    );
}

const LEAKS = [
  /\n\s+at [^\n]+\.(ts|js|mjs):\d+/,
  /node_modules/,
  /\/work\//,
  /\bselect\b[^"]{0,80}\bfrom\b/i,
  /\binsert into\b/i,
  /\bupdate\b \S+ \bset\b/i,
  /syntax error at or near/i,
  /violates (unique|foreign key|check|not-null) constraint/i,
  /duplicate key value/i,
  /invalid input syntax for/i,
  /relation "[^"]+" does not exist/i,
  /DrizzleQueryError|PGlite|ZodError/,
];

/** Tables a refused request may touch by design (none so far). */
const TOUCHED_BY_REFUSALS: string[] = [];

function checkAnswer(
  request: Built,
  response: LightMyRequestResponse,
  before: TableSnapshot,
  after: TableSnapshot,
) {
  const sent = request.payload === undefined ? '' : ` body ${String(request.payload).slice(0, 400)}`;
  const headers = JSON.stringify({ ...request.headers, cookie: undefined }).slice(0, 400);
  const where = `${request.method} ${request.url.slice(0, 300)} headers ${headers}${sent} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  for (const leak of LEAKS) expect(response.body, where).not.toMatch(leak);
  expect(JSON.stringify(response.headers), where).not.toContain('injected=1');
  if (response.statusCode >= 400) {
    let parsed: unknown;
    try {
      parsed = response.json();
    } catch {
      parsed = undefined;
    }
    expect(ZErrorBody.safeParse(parsed).success, `error shape: ${where}`).toBe(true);
    expect(after, `database changed by a refused request: ${where}`).toEqual(before);
  }
}

/** Our session can be ended by a fuzzed request (sign-out); sign in again before the next route. */
async function keepSignedIn(): Promise<void> {
  const me = await call(scene.testApp.app, 'GET', '/me', { cookie: scene.cookie });
  if (me.statusCode !== 200) scene.cookie = await signIn(scene.testApp.app, scene.email);
}

async function send(app: FastifyInstance, request: Built): Promise<LightMyRequestResponse | undefined> {
  try {
    return await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
  } catch (error) {
    // The client refused to send it (a header with CR/LF, an invalid URL): nothing reached us.
    if (error instanceof Error && /header|invalid|URI/i.test(`${error.name} ${error.message}`))
      return undefined;
    throw error;
  }
}

describe('contract fuzzing of every registered route', () => {
  it('covers at least the routes that exist today', async () => {
    expect(routeTable(scene.testApp.app).length).toBeGreaterThan(80);
  });

  // Route names are known only once the app is built: one test walks them, a property per route.
  it('keeps every invariant on every route', async () => {
    const { app, db } = scene.testApp;
    const docs = routeDocs(app);
    const failures: string[] = [];
    let cases = 0;
    let routes = 0;
    const only = process.env.FUZZ_ROUTE;
    for (const route of routeTable(app).filter(
      ({ method, url }) => !only || `${method} ${url}`.includes(only),
    )) {
      const doc = docs.find((candidate) => candidate.method === route.method && candidate.url === route.url);
      routes++;
      const started = Date.now();
      const statuses: number[] = [];
      await keepSignedIn();
      let before = await snapshotTables(db, TOUCHED_BY_REFUSALS);
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(route, doc), async (request) => {
          const response = await send(app, request);
          if (!response) return;
          cases++;
          statuses.push(response.statusCode);
          const after = await snapshotTables(db, TOUCHED_BY_REFUSALS);
          try {
            checkAnswer(request, response, before, after);
          } finally {
            before = after;
          }
        }),
        { seed: SEED, numRuns: NUM_RUNS, endOnFailure: true },
      );
      if (process.env.FUZZ_VERBOSE) {
        console.log(`${route.method} ${route.url} ${Date.now() - started}ms ${statuses.join(',')}`);
      }
      if (result.failed) {
        failures.push(
          `${route.method} ${route.url}: seed ${SEED} path ${result.counterexamplePath}\n${String(result.errorInstance).slice(0, 1500)}`,
        );
      }
    }
    console.log(`contract fuzz: ${routes} routes, ${cases} requests, seed ${SEED}`);
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);
});

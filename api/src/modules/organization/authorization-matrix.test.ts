// One database: who may call what is the guards' rule, the same on either database; every
// endpoint's SQL runs on PostgreSQL in its own module's tests and in the contract fuzzer.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_KEY_REFUSED_MESSAGE,
  API_KEY_REFUSED_PERMISSIONS,
  API_PREFIX,
  attachmentDownloadPath,
  can,
  INBOUND_EMAIL_CONTENT_TYPE,
  INBOUND_SIGNATURE_HEADER,
  OPERATOR_ONLY_MESSAGE,
  opsDocumentDownloadPath,
  organizationEventsPath,
  PERMISSION_DENIED_MESSAGE,
  type TPermission,
  type TRole,
  ZCreateApiKeyResponse,
  ZInvitationResponse,
} from '@dash/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  apiKeys,
  attachments,
  providerAccounts,
  signingDevices,
  walletSigners,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema';
import { ORGANIZATION_NOT_APPROVED_MESSAGE } from '../../http/guards';
import { routeTable } from '../../http/openapi';
import { type TestApp, testConfig } from '../../test/app';
import { emptyTestDatabase } from '../../test/database';
import {
  addMemberDirectly,
  createOrganization,
  insertCounterparties,
  insertMoney,
  signedInDirectly,
  uniqueEmail,
} from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { addDocument, completeApplication, OWNER_A, submitCompleteApplication } from '../../test/kyb';
import { createProvider, deliver, inboundSignature, PDF_BYTES } from '../../test/messages';
import { uploadAvatar } from '../../test/multipart';
import {
  approveOrganization,
  createCatalogueProvider,
  deliverSandboxEvent,
  SANDBOX_TEST_KEYS,
  SANDBOX_TEST_SECRET,
} from '../../test/providers';
import { storeWallet } from '../../test/safe';
import { snapshotTables, type TableSnapshot } from '../../test/snapshot';
import { createApiKeySecret } from '../api-keys/index';
import { hashToken } from '../auth/index';

/** 'operator': a platform operator (OPERATOR_EMAILS) who is not a member of the organization. */
type Caller = TRole | 'non-member' | 'anonymous' | 'operator';

/** What each endpoint needs around it: the organization, another member to act on, an open invitation. */
interface Scene {
  testApp: TestApp;
  /** Where the objects live (the organization in the header, except in the cross-organization table). */
  organization: { uid: string; slug: string };
  /** The organization the caller names (header or link path): theirs in the cross-organization table. */
  headerOrganization: string;
  /** A link of the objects' organization, as the caller would send it (their organization in the path). */
  link(url: string): string;
  /** Runs right before the request leaves (after whatever the endpoint arranged): a snapshot of the tables. */
  beforeRequest(): Promise<void>;
  target: { uid: string };
  invitationUid: string;
  cookie: string | undefined;
  /** An API key's secret, when the caller is a key (then no cookie). */
  apiKey?: string;
  /** The caller's user uid (none when anonymous). */
  callerUid: string | undefined;
  /** The caller's uid when they are a member. */
  memberUid: string | undefined;
  /** A provider's thread with one attachment (delivered on first use: most endpoints need none). */
  thread(): Promise<{ threadUid: string; attachmentUrl: string }>;
  /** One registered wallet and one bank beneficiary of the organization. */
  registeredWalletUid: string;
  bankBeneficiaryUid: string;
  /** The founder (Admin): arranges what an endpoint needs before the caller calls it. */
  founder: { cookie: string; organization: string };
  founderUid: string;
}

interface Endpoint {
  /** 'METHOD path' ({param} for a path parameter; relative to /api/v0 unless it starts with '/'), then a note. */
  name: string;
  /** 'operator': the compliance review, for platform operators only. */
  permission: TPermission | 'operator';
  send(scene: Scene): Promise<LightMyRequestResponse>;
  /** Status for each caller: written out in full, so the table is the matrix as built. */
  expected: Record<Caller, number>;
  /** In the approved-only group: the organization is Approved here, and a second table runs it unapproved. */
  approvedOnly?: boolean;
  /** The message of an expected 404 when it is not the organization's (routes outside an organization). */
  notFoundMessage?: string;
  /**
   * Takes another object's uid (path, body or a link): an Admin of another organization sending this
   * organization's uids gets this status (404), and nothing changes. `foreignSend` when the send differs.
   */
  foreign?: number;
  /** What an API key of a role gets, where it differs from keyExpected's rule. */
  keyExpected?: Partial<Record<TRole, number>>;
  /** `send` arranges what can be arranged once per scene: a key caller gets a scene of its own. */
  arrangesOnce?: boolean;
  foreignSend?(scene: Scene): Promise<LightMyRequestResponse>;
}

/** Who the caller is, as a request says it: their cookie, their API key, or nothing (anonymous). */
const callerHeaders = (scene: Scene): Record<string, string> =>
  scene.cookie ? { cookie: scene.cookie } : scene.apiKey ? { authorization: `Bearer ${scene.apiKey}` } : {};

const ask = async (
  scene: Scene,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => {
  await scene.beforeRequest();
  return call(scene.testApp.app, method, path, {
    organization: scene.headerOrganization,
    ...(body === undefined ? {} : { body }),
    headers: { ...callerHeaders(scene), ...headers },
  });
};

const get = async (scene: Scene, url: string) => {
  await scene.beforeRequest();
  return scene.testApp.app.inject({
    method: 'GET',
    url: scene.link(url),
    headers: callerHeaders(scene),
  });
};

/** Any request, without the organization header (routes outside an organization). */
const raw = async (
  scene: Scene,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; payload?: string | Buffer } = {},
) => {
  await scene.beforeRequest();
  const headers: Record<string, string> = {
    ...callerHeaders(scene),
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const payload = options.body !== undefined ? JSON.stringify(options.body) : options.payload;
  return scene.testApp.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
};

/** An event stream never ends: read its status over real HTTP, then hang up. */
async function openEventStream(scene: Scene): Promise<LightMyRequestResponse> {
  const { app } = scene.testApp;
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  await scene.beforeRequest();
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: organizationEventsPath(scene.organization.uid),
          headers: callerHeaders(scene),
        },
        (response) => {
          let body = '';
          const finish = () => {
            response.destroy();
            resolve({
              statusCode: response.statusCode ?? 0,
              body,
              json: () => JSON.parse(body),
            } as unknown as LightMyRequestResponse);
          };
          if (response.statusCode === 200) finish();
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString('utf8');
          });
          response.on('end', finish);
        },
      )
      .on('error', reject);
  });
}

/** A signed upload URL minted for the caller by the service (a Viewer cannot get one through the API). */
async function putToOwnSignedUrl(scene: Scene): Promise<LightMyRequestResponse> {
  const { app } = scene.testApp;
  const { signedUrl } = await app.uploads.create(
    { organizationUid: scene.organization.uid, userUid: scene.callerUid ?? scene.target.uid },
    { filename: 'a.pdf', contentType: 'application/pdf', byteSize: PDF_BYTES.length },
  );
  await scene.beforeRequest();
  return app.inject({
    method: 'PUT',
    url: signedUrl,
    headers: { 'content-type': 'application/pdf', ...callerHeaders(scene) },
    payload: PDF_BYTES,
  });
}

const adminOnly = (ok: number): Record<Caller, number> => ({
  Admin: ok,
  Editor: 403,
  Viewer: 403,
  'non-member': 404,
  anonymous: 401,
  operator: 404,
});
const repliers = (ok: number): Record<Caller, number> => ({
  Admin: ok,
  Editor: ok,
  Viewer: 403,
  'non-member': 404,
  anonymous: 401,
  operator: 404,
});
/** Not organization-scoped: any signed-in user. */
const signedIn = (ok: number): Record<Caller, number> => ({
  Admin: ok,
  Editor: ok,
  Viewer: ok,
  'non-member': ok,
  anonymous: 401,
  operator: ok,
});
const everyMember = (ok: number): Record<Caller, number> => ({
  Admin: ok,
  Editor: ok,
  Viewer: ok,
  'non-member': 404,
  anonymous: 401,
  operator: 404,
});

/** The compliance review: operators whatever their memberships; everyone else 403. */
const operatorsOnly = (ok: number): Record<Caller, number> => ({
  Admin: 403,
  Editor: 403,
  Viewer: 403,
  'non-member': 403,
  anonymous: 401,
  operator: ok,
});

/** A signed upload of the caller's own, for an organization document; its temp file id. */
async function ownDocumentUpload(scene: Scene): Promise<string> {
  const { app } = scene.testApp;
  if (!scene.callerUid) return '00000000-0000-4000-8000-000000000000';
  const { tempFileId, signedUrl } = await app.uploads.create(
    { organizationUid: scene.organization.uid, userUid: scene.callerUid },
    { purpose: 'document', filename: 'a.pdf', contentType: 'application/pdf', byteSize: PDF_BYTES.length },
  );
  await app.inject({
    method: 'PUT',
    url: signedUrl,
    headers: { 'content-type': 'application/pdf', ...callerHeaders(scene) },
    payload: PDF_BYTES,
  });
  return tempFileId;
}

/** The founder fills in the KYB application with its documents (and submits it when `submit`). */
async function prepareKyb(scene: Scene, options: { submit: boolean }): Promise<void> {
  const { app } = scene.testApp;
  if (options.submit) {
    await submitCompleteApplication(app, scene.founder);
    return;
  }
  await call(app, 'PUT', '/kyb', { ...scene.founder, body: completeApplication() });
  await addDocument(app, scene.founder, 'articles_of_incorporation');
  await addDocument(app, scene.founder, 'proof_of_address');
  await addDocument(app, scene.founder, 'tax_certificate');
  await addDocument(app, scene.founder, 'owner_id', { ownerId: OWNER_A });
}

/** Not guarded: everyone gets the same answer (a session changes nothing). */
const everyone = (status: number): Record<Caller, number> => ({
  Admin: status,
  Editor: status,
  Viewer: status,
  'non-member': status,
  anonymous: status,
  operator: status,
});

const RELEASE_TOKEN = 'matrix-release-token-0123456789abcdef0123456789';
const A_TOKEN = 'A'.repeat(43);

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET organization',
    permission: 'organization.read',
    send: (scene) => ask(scene, 'GET', '/organization'),
    expected: everyMember(200),
  },
  {
    name: 'PATCH organization',
    permission: 'organization.update',
    send: (scene) => ask(scene, 'PATCH', '/organization', { name: 'Renamed' }),
    expected: adminOnly(200),
  },
  {
    name: 'DELETE organization',
    permission: 'organization.delete',
    send: (scene) => ask(scene, 'DELETE', '/organization', { slug: scene.organization.slug }),
    expected: adminOnly(204),
  },
  {
    name: 'POST organization/avatar',
    permission: 'organization.update',
    send: async (scene) => {
      await scene.beforeRequest();
      return uploadAvatar(scene.testApp.app, {
        headers: callerHeaders(scene),
        organization: scene.headerOrganization,
      });
    },
    expected: adminOnly(200),
  },
  {
    name: 'GET organization/users',
    permission: 'members.read',
    send: (scene) => ask(scene, 'GET', '/organization/users'),
    expected: everyMember(200),
  },
  {
    name: 'PATCH organization/users/{userUid}',
    foreign: 404,
    permission: 'members.manage',
    send: (scene) => ask(scene, 'PATCH', `/organization/users/${scene.target.uid}`, { role: 'Editor' }),
    expected: adminOnly(200),
  },
  {
    name: 'DELETE organization/users/{userUid}',
    foreign: 404,
    permission: 'members.manage',
    send: (scene) => ask(scene, 'DELETE', `/organization/users/${scene.target.uid}`),
    expected: adminOnly(204),
  },
  {
    name: 'GET webhooks/endpoints',
    permission: 'webhooks.manage',
    send: (scene) => ask(scene, 'GET', '/webhooks/endpoints'),
    expected: adminOnly(200),
  },
  {
    name: 'POST webhooks/endpoints',
    permission: 'webhooks.manage',
    send: (scene) =>
      ask(scene, 'POST', '/webhooks/endpoints', {
        url: 'https://example.com/hooks',
        eventTypes: ['kyb.decided'],
      }),
    expected: adminOnly(201),
  },
  {
    name: 'DELETE webhooks/endpoints/{endpointUid}',
    foreign: 404,
    permission: 'webhooks.manage',
    send: async (scene) =>
      ask(scene, 'DELETE', `/webhooks/endpoints/${(await webhookDelivery(scene)).endpointUid}`),
    expected: adminOnly(204),
  },
  {
    name: 'POST webhooks/endpoints/{endpointUid}/enable',
    foreign: 404,
    permission: 'webhooks.manage',
    send: async (scene) =>
      ask(scene, 'POST', `/webhooks/endpoints/${(await webhookDelivery(scene)).endpointUid}/enable`),
    expected: adminOnly(200),
  },
  {
    name: 'POST webhooks/endpoints/{endpointUid}/secret',
    foreign: 404,
    permission: 'webhooks.manage',
    send: async (scene) =>
      ask(scene, 'POST', `/webhooks/endpoints/${(await webhookDelivery(scene)).endpointUid}/secret`),
    expected: adminOnly(200),
  },
  {
    name: 'POST webhooks/endpoints/{endpointUid}/test',
    foreign: 404,
    permission: 'webhooks.manage',
    send: async (scene) =>
      ask(scene, 'POST', `/webhooks/endpoints/${(await webhookDelivery(scene)).endpointUid}/test`),
    expected: adminOnly(202),
  },
  {
    name: 'GET webhooks/endpoints/{endpointUid}/deliveries',
    foreign: 404,
    permission: 'webhooks.manage',
    send: async (scene) =>
      ask(scene, 'GET', `/webhooks/endpoints/${(await webhookDelivery(scene)).endpointUid}/deliveries`),
    expected: adminOnly(200),
  },
  {
    name: 'POST webhooks/endpoints/{endpointUid}/deliveries/{deliveryUid}/resend',
    foreign: 404,
    permission: 'webhooks.manage',
    send: async (scene) => {
      const { endpointUid, deliveryUid } = await webhookDelivery(scene);
      return ask(scene, 'POST', `/webhooks/endpoints/${endpointUid}/deliveries/${deliveryUid}/resend`);
    },
    expected: adminOnly(202),
  },
  {
    name: 'GET organizations/{orgUid}/audit (organization in the path)',
    permission: 'audit.read',
    send: (scene) => get(scene, `/api/v0/organizations/${scene.organization.uid}/audit?limit=5`),
    expected: adminOnly(200),
  },
  {
    name: 'GET organizations/{orgUid}/audit/export.csv (a link: organization in the path)',
    permission: 'audit.read',
    send: (scene) => get(scene, `/api/v0/organizations/${scene.organization.uid}/audit/export.csv`),
    expected: adminOnly(200),
  },
  {
    name: 'GET organization/api-keys',
    permission: 'apiKeys.manage',
    send: (scene) => ask(scene, 'GET', '/organization/api-keys'),
    expected: adminOnly(200),
  },
  {
    name: 'POST organization/api-keys',
    permission: 'apiKeys.manage',
    send: (scene) => ask(scene, 'POST', '/organization/api-keys', { name: 'CI', role: 'Viewer' }),
    expected: adminOnly(201),
  },
  {
    name: 'DELETE organization/api-keys/{apiKeyUid}',
    foreign: 404,
    permission: 'apiKeys.manage',
    send: async (scene) => {
      const created = await call(scene.testApp.app, 'POST', '/organization/api-keys', {
        ...scene.founder,
        body: { name: 'To revoke', role: 'Viewer' },
      });
      const { uid } = ZCreateApiKeyResponse.parse(created.json()).data;
      return ask(scene, 'DELETE', `/organization/api-keys/${uid}`);
    },
    expected: adminOnly(204),
  },
  {
    name: 'GET organization/invitations',
    permission: 'invites.manage',
    send: (scene) => ask(scene, 'GET', '/organization/invitations'),
    expected: adminOnly(200),
  },
  {
    name: 'POST organization/invitations',
    permission: 'invites.manage',
    send: (scene) =>
      ask(scene, 'POST', '/organization/invitations', { email: 'new@example.com', role: 'Viewer' }),
    expected: adminOnly(201),
  },
  {
    name: 'DELETE organization/invitations/{uid}',
    foreign: 404,
    permission: 'invites.manage',
    send: (scene) => ask(scene, 'DELETE', `/organization/invitations/${scene.invitationUid}`),
    expected: adminOnly(204),
  },
  {
    name: 'POST organization/leave',
    permission: 'organization.read',
    send: (scene) => ask(scene, 'POST', '/organization/leave'),
    keyExpected: { Admin: 403, Editor: 403, Viewer: 403 },
    expected: everyMember(204),
  },
  {
    name: 'GET wallet',
    permission: 'wallet.read',
    send: (scene) => ask(scene, 'GET', '/wallet'),
    expected: everyMember(200),
  },
  {
    name: 'GET wallet/transactions',
    permission: 'wallet.read',
    send: (scene) => ask(scene, 'GET', '/wallet/transactions'),
    expected: everyMember(200),
  },
  {
    name: 'GET wallet/transactions/history',
    permission: 'wallet.read',
    send: (scene) => ask(scene, 'GET', '/wallet/transactions/history?limit=5'),
    expected: everyMember(200),
  },
  {
    // The scene's wallet is not deployed: Admins and Editors are told so, Viewers may not propose.
    name: 'POST wallet/transactions (no Safe deployed)',
    permission: 'wallet.propose',
    send: (scene) =>
      ask(
        scene,
        'POST',
        '/wallet/transactions',
        { kind: 'rejection', nonce: 0 },
        { 'idempotency-key': randomUUID() },
      ),
    expected: repliers(409),
  },
  {
    name: 'GET wallet/transactions/{safeTxHash} (none has it)',
    foreign: 404,
    permission: 'wallet.read',
    send: (scene) => ask(scene, 'GET', `/wallet/transactions/0x${'ab'.repeat(32)}`),
    expected: everyMember(404),
    // Members: the transaction is not found; others: the organization.
    notFoundMessage: '',
  },
  {
    name: 'POST wallet/transactions/{safeTxHash}/confirmations (none has it)',
    foreign: 404,
    permission: 'wallet.read',
    send: (scene) =>
      ask(scene, 'POST', `/wallet/transactions/0x${'ab'.repeat(32)}/confirmations`, {
        signature: `0x${'11'.repeat(65)}`,
      }),
    expected: everyMember(404),
    // Members: the transaction is not found; others: the organization.
    notFoundMessage: '',
  },
  {
    name: 'POST wallet/signer/propose',
    // A uid in the body is a form field: its error, as for any uid this organization does not have.
    foreign: 400,
    permission: 'wallet.manage',
    send: (scene) => ask(scene, 'POST', '/wallet/signer/propose', { userUid: scene.target.uid }),
    expected: adminOnly(201),
  },
  {
    name: 'DELETE wallet/signer/{userUid}',
    foreign: 404,
    permission: 'wallet.manage',
    send: async (scene) => {
      await makeSigner(scene, scene.target.uid);
      return ask(scene, 'DELETE', `/wallet/signer/${scene.target.uid}`);
    },
    expected: adminOnly(204),
  },
  {
    // Any member may ask; the service then lets only a signer set their own device.
    name: 'POST wallet/signer/signing-device',
    permission: 'wallet.read',
    send: async (scene) => {
      const device = await makeSigner(scene, scene.memberUid);
      return ask(scene, 'POST', '/wallet/signer/signing-device', {
        signingDeviceUid: device?.uid ?? '00000000-0000-4000-8000-000000000000',
      });
    },
    expected: everyMember(200),
  },
  {
    name: 'POST wallet/deploy',
    permission: 'wallet.manage',
    send: async (scene) => {
      await makeSigner(scene, scene.target.uid, { ready: true });
      return ask(scene, 'POST', '/wallet/deploy', { threshold: 1 });
    },
    expected: adminOnly(202),
  },
  {
    name: 'POST wallet/deploy/retry',
    permission: 'wallet.manage',
    send: async (scene) => {
      // A key caller runs after a refused caller on the same scene: the failed wallet is stored again.
      await storeWallet(scene.testApp.db, {
        organizationUid: scene.organization.uid,
        status: 'failed',
        chainId: 1337,
        address: '0x0000000000000000000000000000000000000abc',
        owners: ['0x0000000000000000000000000000000000000def'],
        threshold: 1,
        saltNonce: '1',
        proxyFactory: '0x0000000000000000000000000000000000000001',
        singleton: '0x0000000000000000000000000000000000000002',
        fallbackHandler: '0x0000000000000000000000000000000000000003',
        deployAttempt: 1,
        error: 'refused',
      });
      return ask(scene, 'POST', '/wallet/deploy/retry');
    },
    expected: adminOnly(202),
  },
  {
    // The scene's wallet is not deployed on its first network: Admins are told so (409).
    name: 'POST wallet/deployments (not deployed yet)',
    permission: 'wallet.manage',
    send: (scene) =>
      ask(
        scene,
        'POST',
        '/wallet/deployments',
        { network: 'arbitrum-sepolia' },
        { 'idempotency-key': randomUUID() },
      ),
    expected: adminOnly(409),
  },
  {
    name: 'GET messages',
    permission: 'messages.read',
    send: (scene) => ask(scene, 'GET', '/messages'),
    expected: everyMember(200),
  },
  {
    name: 'GET messages/{threadUid}',
    foreign: 404,
    permission: 'messages.read',
    send: async (scene) => ask(scene, 'GET', `/messages/${(await scene.thread()).threadUid}`),
    expected: everyMember(200),
  },
  {
    name: 'POST messages/{threadUid}',
    foreign: 404,
    permission: 'messages.reply',
    send: async (scene) =>
      ask(scene, 'POST', `/messages/${(await scene.thread()).threadUid}`, {
        content: 'Thanks',
        attachments: [],
      }),
    expected: repliers(201),
  },
  {
    name: 'POST messages/{threadUid}/read',
    foreign: 404,
    permission: 'messages.read',
    send: async (scene) => ask(scene, 'POST', `/messages/${(await scene.thread()).threadUid}/read`),
    expected: everyMember(204),
  },
  {
    name: 'POST uploads',
    permission: 'messages.reply',
    send: (scene) =>
      ask(scene, 'POST', '/uploads', { filename: 'a.pdf', contentType: 'application/pdf', byteSize: 100 }),
    expected: repliers(201),
  },
  {
    name: 'PUT uploads/{tempFileId} (signed URL)',
    permission: 'messages.reply',
    send: putToOwnSignedUrl,
    expected: repliers(200),
  },
  {
    name: 'GET organizations/{orgUid}/attachments/{attachmentUid} (a link: organization in the path)',
    foreign: 404,
    permission: 'messages.read',
    send: async (scene) => get(scene, (await scene.thread()).attachmentUrl),
    expected: everyMember(200),
  },
  {
    name: 'GET organizations/{orgUid}/overview (organization in the path)',
    permission: 'organization.read',
    send: (scene) => get(scene, `/api/v0/organizations/${scene.organization.uid}/overview`),
    expected: everyMember(200),
  },
  {
    name: 'GET organizations/{orgUid}/holdings (organization in the path)',
    permission: 'organization.read',
    send: (scene) => get(scene, `/api/v0/organizations/${scene.organization.uid}/holdings`),
    expected: everyMember(200),
  },
  {
    name: 'GET kyb',
    permission: 'kyb.read',
    send: (scene) => ask(scene, 'GET', '/kyb'),
    expected: everyMember(200),
  },
  {
    name: 'PUT kyb',
    permission: 'kyb.edit',
    send: (scene) => ask(scene, 'PUT', '/kyb', { legalName: 'Ejemplo' }),
    expected: repliers(200),
  },
  {
    name: 'POST kyb/submit',
    permission: 'kyb.submit',
    send: async (scene) => {
      await prepareKyb(scene, { submit: false });
      return ask(scene, 'POST', '/kyb/submit');
    },
    expected: adminOnly(200),
  },
  {
    name: 'GET kyb/timeline',
    permission: 'kyb.read',
    send: (scene) => ask(scene, 'GET', '/kyb/timeline'),
    expected: everyMember(200),
  },
  {
    name: 'GET documents',
    permission: 'documents.read',
    send: (scene) => ask(scene, 'GET', '/documents'),
    expected: everyMember(200),
  },
  {
    name: "POST uploads (purpose 'document')",
    permission: 'documents.upload',
    send: (scene) =>
      ask(scene, 'POST', '/uploads', {
        purpose: 'document',
        filename: 'a.pdf',
        contentType: 'application/pdf',
        byteSize: 100,
      }),
    expected: repliers(201),
  },
  {
    name: 'POST documents',
    // A uid in the body is a form field: its error, as for any uid this organization does not have.
    foreign: 400,
    permission: 'documents.upload',
    send: async (scene) =>
      ask(scene, 'POST', '/documents', { tempFileId: await ownDocumentUpload(scene), kind: 'other' }),
    expected: repliers(201),
  },
  {
    name: 'GET organizations/{orgUid}/documents/{documentUid} (a link: organization in the path)',
    foreign: 404,
    permission: 'documents.read',
    send: async (scene) =>
      get(scene, (await addDocument(scene.testApp.app, scene.founder, 'other')).downloadUrl),
    expected: everyMember(200),
  },
  {
    name: 'GET ops/kyb',
    permission: 'operator',
    send: (scene) => ask(scene, 'GET', '/ops/kyb'),
    expected: operatorsOnly(200),
  },
  {
    name: 'GET ops/kyb/{orgUid}',
    permission: 'operator',
    send: (scene) => ask(scene, 'GET', `/ops/kyb/${scene.organization.uid}`),
    expected: operatorsOnly(200),
  },
  {
    name: 'POST ops/kyb/{orgUid}/approve',
    permission: 'operator',
    send: async (scene) => {
      await prepareKyb(scene, { submit: true });
      return ask(scene, 'POST', `/ops/kyb/${scene.organization.uid}/approve`);
    },
    arrangesOnce: true,
    expected: operatorsOnly(200),
  },
  {
    name: 'POST ops/kyb/{orgUid}/reject',
    permission: 'operator',
    send: async (scene) => {
      await prepareKyb(scene, { submit: true });
      return ask(scene, 'POST', `/ops/kyb/${scene.organization.uid}/reject`, { reason: 'Incomplete' });
    },
    arrangesOnce: true,
    expected: operatorsOnly(200),
  },
  {
    name: 'POST ops/kyb/{orgUid}/request-changes',
    permission: 'operator',
    send: async (scene) => {
      await prepareKyb(scene, { submit: true });
      return ask(scene, 'POST', `/ops/kyb/${scene.organization.uid}/request-changes`, { note: 'Fix it' });
    },
    arrangesOnce: true,
    expected: operatorsOnly(200),
  },
  {
    name: 'GET ops/kyb/{orgUid}/documents/{documentUid} (a link for operators)',
    permission: 'operator',
    send: async (scene) => {
      const document = await addDocument(scene.testApp.app, scene.founder, 'other');
      return get(scene, opsDocumentDownloadPath(scene.organization.uid, document.uid));
    },
    expected: operatorsOnly(200),
  },
  {
    name: 'GET providers',
    permission: 'rails.read',
    send: async (scene) => {
      await approveOrganization(scene.testApp.db, scene.organization.uid);
      return ask(scene, 'GET', '/providers');
    },
    expected: everyMember(200),
  },
  {
    name: 'GET providers/{providerUid}',
    permission: 'rails.read',
    send: async (scene) => {
      await approveOrganization(scene.testApp.db, scene.organization.uid);
      const provider = await createCatalogueProvider(scene.testApp.db);
      return ask(scene, 'GET', `/providers/${provider.uid}`);
    },
    expected: everyMember(200),
  },
  {
    name: 'GET provider-accounts',
    permission: 'rails.read',
    send: async (scene) => {
      await approveOrganization(scene.testApp.db, scene.organization.uid);
      return ask(scene, 'GET', '/provider-accounts');
    },
    expected: everyMember(200),
  },
  {
    name: 'GET provider-accounts/{providerUid}',
    foreign: 404,
    permission: 'rails.read',
    send: async (scene) => {
      await approveOrganization(scene.testApp.db, scene.organization.uid);
      const provider = await createCatalogueProvider(scene.testApp.db);
      await scene.testApp.db
        .insert(providerAccounts)
        .values({ organizationUid: scene.organization.uid, providerUid: provider.uid, status: 'Pending' });
      return ask(scene, 'GET', `/provider-accounts/${provider.uid}`);
    },
    expected: everyMember(200),
  },
  {
    name: 'POST provider-accounts',
    permission: 'openStable.onboard',
    send: async (scene) => {
      await approveOrganization(scene.testApp.db, scene.organization.uid);
      const provider = await createCatalogueProvider(scene.testApp.db);
      return ask(scene, 'POST', '/provider-accounts', { providerUid: provider.uid });
    },
    expected: repliers(202),
  },
  {
    // No session: the provider's signature is the only key, so a member's cookie opens nothing.
    name: 'POST providers/webhooks/{providerUid} (signed by the provider, not a session)',
    permission: 'organization.read',
    send: async (scene) => {
      const provider = await createCatalogueProvider(scene.testApp.db);
      await scene.beforeRequest();
      return scene.testApp.app.inject({
        method: 'POST',
        url: `/api/v0/providers/webhooks/${provider.uid}`,
        headers: { 'content-type': 'application/json', ...callerHeaders(scene) },
        payload: JSON.stringify({ id: 'evt_1', type: 'onboarding.approved' }),
      });
    },
    expected: { Admin: 401, Editor: 401, Viewer: 401, 'non-member': 401, anonymous: 401, operator: 401 },
  },
  {
    name: 'GET organizations/{orgUid}/events (EventSource: organization in the path)',
    permission: 'organization.read',
    send: openEventStream,
    expected: everyMember(200),
  },
  {
    name: 'GET rails/networks (reference data, not organization-scoped)',
    permission: 'rails.read',
    send: (scene) => ask(scene, 'GET', '/rails/networks'),
    expected: signedIn(200),
  },
  {
    name: 'GET rails/mexican-banks (reference data, not organization-scoped)',
    permission: 'rails.read',
    send: (scene) => ask(scene, 'GET', '/rails/mexican-banks'),
    expected: signedIn(200),
  },
  {
    name: 'GET rails/mexican-cities (reference data, not organization-scoped)',
    permission: 'rails.read',
    send: (scene) => ask(scene, 'GET', '/rails/mexican-cities'),
    expected: signedIn(200),
  },
  {
    name: 'GET rails/blockchain-wallets',
    permission: 'rails.read',
    approvedOnly: true,
    send: (scene) => ask(scene, 'GET', '/rails/blockchain-wallets'),
    expected: everyMember(200),
  },
  {
    name: 'POST rails/blockchain-wallets',
    permission: 'rails.write',
    approvedOnly: true,
    send: (scene) =>
      ask(scene, 'POST', '/rails/blockchain-wallets', {
        network: 'solana',
        address: 'So11111111111111111111111111111111111111112',
        name: 'Ops',
      }),
    expected: repliers(201),
  },
  {
    name: 'PATCH rails/blockchain-wallets/{walletUid}',
    foreign: 404,
    permission: 'rails.write',
    approvedOnly: true,
    send: (scene) =>
      ask(scene, 'PATCH', `/rails/blockchain-wallets/${scene.registeredWalletUid}`, { name: 'New' }),
    expected: repliers(200),
  },
  {
    name: 'DELETE rails/blockchain-wallets/{walletUid}',
    foreign: 404,
    permission: 'rails.write',
    approvedOnly: true,
    send: (scene) => ask(scene, 'DELETE', `/rails/blockchain-wallets/${scene.registeredWalletUid}`),
    expected: repliers(204),
  },
  {
    name: 'GET rails/bank-beneficiaries',
    permission: 'rails.read',
    approvedOnly: true,
    send: (scene) => ask(scene, 'GET', '/rails/bank-beneficiaries'),
    expected: everyMember(200),
  },
  {
    name: 'POST rails/bank-beneficiaries',
    permission: 'rails.write',
    approvedOnly: true,
    send: (scene) =>
      ask(scene, 'POST', '/rails/bank-beneficiaries', {
        type: 'PixKey',
        name: 'Fornecedor',
        pixKeyType: 'email',
        pixKey: 'pagamentos@example.com',
      }),
    expected: repliers(201),
  },
  {
    name: 'PATCH rails/bank-beneficiaries/{beneficiaryUid}',
    foreign: 404,
    permission: 'rails.write',
    approvedOnly: true,
    send: (scene) =>
      ask(scene, 'PATCH', `/rails/bank-beneficiaries/${scene.bankBeneficiaryUid}`, { name: 'New' }),
    expected: repliers(200),
  },
  {
    name: 'DELETE rails/bank-beneficiaries/{beneficiaryUid}',
    foreign: 404,
    permission: 'rails.write',
    approvedOnly: true,
    send: (scene) => ask(scene, 'DELETE', `/rails/bank-beneficiaries/${scene.bankBeneficiaryUid}`),
    expected: repliers(204),
  },
  {
    name: 'POST rails/quotes',
    permission: 'rails.write',
    approvedOnly: true,
    // No Active account with the provider: the allowed callers get past the guard to its 409.
    send: async (scene) => {
      const provider = await createCatalogueProvider(scene.testApp.db);
      return ask(scene, 'POST', '/rails/quotes', {
        providerUid: provider.uid,
        type: 'on_ramp',
        currency: 'BRL',
        network: 'polygon-amoy',
        amount: '100',
      });
    },
    expected: repliers(409),
  },
  {
    name: 'POST rails/on-ramps',
    foreign: 404,
    permission: 'rails.write',
    approvedOnly: true,
    send: async (scene) => {
      const { quoteUid } = await insertSceneMoney(scene, 'on_ramp');
      return ask(
        scene,
        'POST',
        '/rails/on-ramps',
        { quoteUid, walletUid: scene.registeredWalletUid },
        {
          'idempotency-key': 'matrix',
        },
      );
    },
    // The quote is expired: past the guard, the answer is the quote's 409.
    expected: repliers(409),
  },
  {
    name: 'POST rails/off-ramps',
    foreign: 404,
    permission: 'rails.write',
    approvedOnly: true,
    send: async (scene) => {
      const { quoteUid } = await insertSceneMoney(scene, 'off_ramp');
      return ask(
        scene,
        'POST',
        '/rails/off-ramps',
        { quoteUid, bankBeneficiaryUid: scene.bankBeneficiaryUid },
        {
          'idempotency-key': 'matrix',
        },
      );
    },
    expected: repliers(409),
  },
  {
    name: 'POST deposits',
    foreign: 404,
    permission: 'rails.write',
    approvedOnly: true,
    // No Idempotency-Key: past the guard, the answer is the key's 400.
    send: (scene) =>
      ask(scene, 'POST', '/deposits', {
        provider: 'Transfero',
        currencyId: 'BRL',
        stablecoinId: 'testbrz',
        networkId: 'polygon-amoy',
        amount: '10',
        targetWalletUid: scene.registeredWalletUid,
      }),
    expected: repliers(400),
    foreignSend: (scene) =>
      ask(
        scene,
        'POST',
        '/deposits',
        {
          provider: 'Transfero',
          currencyId: 'BRL',
          stablecoinId: 'testbrz',
          networkId: 'polygon-amoy',
          amount: '10',
          targetWalletUid: scene.registeredWalletUid,
        },
        { 'idempotency-key': 'matrix-foreign' },
      ),
  },
  {
    name: 'POST rails/transactions/{transferUid}/approve',
    foreign: 404,
    permission: 'rails.write',
    approvedOnly: true,
    send: async (scene) => {
      const { transferUid } = await insertSceneMoney(scene, 'off_ramp');
      return ask(scene, 'POST', `/rails/transactions/${transferUid}/approve`);
    },
    // The transfer does not wait for an approval: 409 past the guard.
    expected: repliers(409),
  },
  {
    name: 'POST rails/transactions/{transferUid}/cancel',
    foreign: 404,
    permission: 'rails.write',
    approvedOnly: true,
    send: async (scene) => {
      const { transferUid } = await insertSceneMoney(scene, 'off_ramp');
      return ask(scene, 'POST', `/rails/transactions/${transferUid}/cancel`, {});
    },
    // The transfer does not wait for an approval: 409 past the guard.
    expected: repliers(409),
  },
  {
    name: 'GET rails/transactions',
    permission: 'rails.read',
    approvedOnly: true,
    send: (scene) => ask(scene, 'GET', '/rails/transactions?page=1&size=10'),
    expected: everyMember(200),
  },
  {
    name: 'GET organizations/{orgUid}/transactions/export.csv (a link: organization in the path)',
    permission: 'rails.read',
    approvedOnly: true,
    send: (scene) => get(scene, `/api/v0/organizations/${scene.organization.uid}/transactions/export.csv`),
    expected: everyMember(200),
  },
  {
    name: 'GET rails/transactions/{transferUid}',
    foreign: 404,
    permission: 'rails.read',
    approvedOnly: true,
    send: async (scene) => {
      const { transferUid } = await insertSceneMoney(scene, 'on_ramp');
      return ask(scene, 'GET', `/rails/transactions/${transferUid}`);
    },
    expected: everyMember(200),
  },
  {
    name: 'GET rails/balances',
    permission: 'rails.read',
    approvedOnly: true,
    send: (scene) => ask(scene, 'GET', '/rails/balances'),
    expected: everyMember(200),
  },
  {
    name: 'GET rails/settings',
    permission: 'rails.read',
    approvedOnly: true,
    send: (scene) => ask(scene, 'GET', '/rails/settings'),
    expected: everyMember(200),
  },
  {
    name: 'PUT rails/settings',
    permission: 'organization.update',
    approvedOnly: true,
    send: (scene) => ask(scene, 'PUT', '/rails/settings', { offRampApprovalThreshold: '1000' }),
    expected: adminOnly(200),
  },
  // Outside any organization: public, the signed-in user's own, or keyed by a token or signature.
  {
    name: 'GET health',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/health'),
    expected: everyone(200),
  },
  {
    name: 'GET openapi.json',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/openapi.json'),
    expected: everyone(200),
  },
  {
    name: 'GET remotes',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/remotes'),
    expected: everyone(200),
  },
  {
    name: 'GET dev/mailbox (the outbox: registered in development and tests only)',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/dev/mailbox'),
    expected: everyone(200),
  },
  {
    name: 'POST auth',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'POST', '/api/v0/auth', { body: { email: uniqueEmail('someone') } }),
    expected: everyone(202),
  },
  {
    name: 'POST auth/sign-out',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'POST', '/api/v0/auth/sign-out'),
    expected: everyone(204),
  },
  {
    name: 'POST auth/{token} (a link nobody was sent)',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'POST', `/api/v0/auth/${A_TOKEN}`, { body: {} }),
    expected: everyone(400),
  },
  {
    name: 'GET me',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/me'),
    expected: signedIn(200),
  },
  {
    name: 'GET me/organizations',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/me/organizations'),
    expected: signedIn(200),
  },
  {
    name: 'POST organization',
    permission: 'organization.read',
    send: (scene) =>
      raw(scene, 'POST', '/api/v0/organization', {
        body: { name: 'Second', slug: `second-${scene.organization.slug}` },
      }),
    expected: signedIn(201),
  },
  {
    name: 'GET organization-avatars/{organizationUid} (an <img>: organization in the path)',
    permission: 'organization.read',
    send: async (scene) => {
      const uploaded = await uploadAvatar(scene.testApp.app, scene.founder);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      return get(scene, `/api/v0/organization-avatars/${scene.organization.uid}`);
    },
    expected: everyMember(200),
  },
  {
    name: 'GET me/invitations',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/me/invitations'),
    expected: signedIn(200),
  },
  {
    name: "POST me/invitations/{invitationUid}/accept (someone else's invitation)",
    permission: 'organization.read',
    send: (scene) => raw(scene, 'POST', `/api/v0/me/invitations/${scene.invitationUid}/accept`),
    keyExpected: { Admin: 403, Editor: 403, Viewer: 403 },
    expected: signedIn(404),
    notFoundMessage: 'Invitation not found',
  },
  {
    name: "POST me/invitations/{invitationUid}/decline (someone else's invitation)",
    permission: 'organization.read',
    send: (scene) => raw(scene, 'POST', `/api/v0/me/invitations/${scene.invitationUid}/decline`),
    keyExpected: { Admin: 403, Editor: 403, Viewer: 403 },
    expected: signedIn(404),
    notFoundMessage: 'Invitation not found',
  },
  {
    name: 'PUT profile',
    permission: 'organization.read',
    send: (scene) =>
      raw(scene, 'PUT', '/api/v0/profile', { body: { firstName: 'Ada', lastName: 'Lovelace' } }),
    expected: signedIn(200),
  },
  {
    name: 'GET profile/notifications',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/profile/notifications'),
    expected: signedIn(200),
  },
  {
    name: 'PUT profile/notifications',
    permission: 'organization.read',
    send: (scene) =>
      raw(scene, 'PUT', '/api/v0/profile/notifications', {
        body: { preferences: [{ kind: 'provider_message', mail: false }] },
      }),
    expected: signedIn(200),
  },
  {
    name: 'POST profile/email-change-request',
    permission: 'organization.read',
    send: (scene) =>
      raw(scene, 'POST', '/api/v0/profile/email-change-request', { body: { email: uniqueEmail('moved') } }),
    expected: signedIn(202),
  },
  {
    name: 'POST profile/email-change (a token nobody was sent: the token is the key)',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'POST', '/api/v0/profile/email-change', { body: { token: A_TOKEN } }),
    expected: everyone(400),
  },
  {
    name: 'GET profile/signing-devices',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/profile/signing-devices'),
    expected: signedIn(200),
  },
  {
    name: 'POST profile/signing-devices',
    permission: 'organization.read',
    // With its proof: a fresh key signs the caller's own challenge (none without a session).
    send: async (scene) => {
      const key = privateKeyToAccount(generatePrivateKey());
      const challenge = await raw(scene, 'POST', '/api/v0/profile/signing-devices/challenges', {
        body: { ethAddress: key.address },
      });
      const proof =
        challenge.statusCode === 201
          ? {
              challengeUid: challenge.json().data.uid,
              signature: await key.signMessage({ message: challenge.json().data.message }),
            }
          : { challengeUid: randomUUID(), signature: `0x${'11'.repeat(65)}` };
      return raw(scene, 'POST', '/api/v0/profile/signing-devices', {
        body: { name: 'Ledger', ethAddress: key.address, proof },
      });
    },
    expected: signedIn(201),
  },
  {
    name: 'POST profile/signing-devices/challenges',
    permission: 'organization.read',
    send: (scene) =>
      raw(scene, 'POST', '/api/v0/profile/signing-devices/challenges', {
        body: { ethAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      }),
    expected: signedIn(201),
  },
  {
    name: 'POST profile/signing-devices/{uid}/verification (a device that is not the caller’s)',
    permission: 'organization.read',
    send: (scene) =>
      raw(scene, 'POST', `/api/v0/profile/signing-devices/${randomUUID()}/verification`, {
        body: { challengeUid: randomUUID(), signature: `0x${'11'.repeat(65)}` },
      }),
    keyExpected: { Admin: 403, Editor: 403, Viewer: 403 },
    expected: signedIn(404),
    notFoundMessage: 'Signing device not found',
  },
  {
    // No session: the shared secret's signature is the only key, so a member's cookie opens nothing.
    name: 'POST inbound/email (unsigned)',
    permission: 'organization.read',
    send: (scene) =>
      raw(scene, 'POST', '/api/v0/inbound/email', {
        headers: { 'content-type': INBOUND_EMAIL_CONTENT_TYPE },
        payload: 'From: a@example.com\r\nTo: b@example.com\r\n\r\nHi',
      }),
    expected: everyone(401),
  },
  {
    name: 'POST inbound/email (a bad signature)',
    permission: 'organization.read',
    send: (scene) =>
      raw(scene, 'POST', '/api/v0/inbound/email', {
        headers: {
          'content-type': INBOUND_EMAIL_CONTENT_TYPE,
          [INBOUND_SIGNATURE_HEADER]: inboundSignature('not-the-secret-0123456789', Buffer.from('Hi')),
        },
        payload: 'From: a@example.com\r\nTo: b@example.com\r\n\r\nHi',
      }),
    expected: everyone(401),
  },
  {
    name: 'POST providers/webhooks/{providerUid} (a bad signature)',
    permission: 'organization.read',
    send: async (scene) => {
      const provider = await createCatalogueProvider(scene.testApp.db);
      await scene.beforeRequest();
      return deliverSandboxEvent(
        scene.testApp,
        provider.uid,
        JSON.stringify({ id: 'evt_1', type: 'onboarding.approved' }),
        {
          secret: 'not-the-secret-0123456789abcdef',
        },
      );
    },
    expected: everyone(401),
  },
  // The release API: a bearer token (RELEASE_TOKEN), never a session.
  {
    name: 'GET releases (a session is not the release token)',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/releases'),
    expected: everyone(401),
  },
  {
    name: 'GET releases/{remote} (a session is not the release token)',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/api/v0/releases/remote-wallet'),
    expected: everyone(401),
  },
  {
    name: 'PUT releases/{remote}/{version} (a session is not the release token)',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'PUT', '/api/v0/releases/remote-wallet/1.0.0', { body: { files: {} } }),
    expected: everyone(401),
  },
  {
    name: 'POST releases/{remote}/pins (a session is not the release token)',
    permission: 'organization.read',
    send: (scene) =>
      raw(scene, 'POST', '/api/v0/releases/remote-wallet/pins', { body: { version: '1.0.0' } }),
    expected: everyone(401),
  },
  {
    name: 'POST releases/{remote}/rollback (a session is not the release token)',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'POST', '/api/v0/releases/remote-wallet/rollback', { body: {} }),
    expected: everyone(401),
  },
  {
    name: 'POST releases/{remote}/unpin (a session is not the release token)',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'POST', '/api/v0/releases/remote-wallet/unpin', { body: {} }),
    expected: everyone(401),
  },
  {
    name: 'GET /releases/{remote}/{version}/* (released files: public, no release here)',
    permission: 'organization.read',
    send: (scene) => raw(scene, 'GET', '/releases/remote-wallet/1.0.0/mf-manifest.json'),
    expected: everyone(404),
    notFoundMessage: '',
  },
];

/** An on-ramp or off-ramp of the scene's organization with a provider of its own (see `insertMoney`). */
async function insertSceneMoney(scene: Scene, type: 'on_ramp' | 'off_ramp') {
  const provider = await createCatalogueProvider(scene.testApp.db);
  const money = await insertMoney(scene.testApp.db, {
    organizationUid: scene.organization.uid,
    providerUid: provider.uid,
    type,
  });
  return { quoteUid: money.expiredQuoteUid, transferUid: money.transferUid };
}

/** A webhook endpoint of the scene's organization with one logged delivery (written directly). */
async function webhookDelivery(scene: Scene): Promise<{ endpointUid: string; deliveryUid: string }> {
  const { db } = scene.testApp;
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      organizationUid: scene.organization.uid,
      url: 'https://example.com/hooks',
      eventTypes: ['kyb.decided'],
      secret: `whsec_${Buffer.alloc(24, 3).toString('base64')}`,
    })
    .returning();
  if (!endpoint) throw new Error('no endpoint');
  const eventId = `msg_${randomUUID().replaceAll('-', '')}`;
  await db
    .insert(webhookEvents)
    .values({ id: eventId, organizationUid: scene.organization.uid, type: 'webhook.test', body: '{}' });
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      endpointUid: endpoint.uid,
      eventId,
      attempt: 1,
      succeeded: true,
      statusCode: 200,
      latencyMs: 5,
    })
    .returning();
  if (!delivery) throw new Error('no delivery');
  return { endpointUid: endpoint.uid, deliveryUid: delivery.uid };
}

/** Makes a member a proposed wallet signer with a signing device of their own (set when `ready`). */
async function makeSigner(scene: Scene, userUid: string | undefined, options: { ready?: boolean } = {}) {
  if (!userUid) return undefined;
  const { db } = scene.testApp;
  // A key caller runs after another caller on the same scene: the member may have one already.
  const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const [existing] = await db
    .select()
    .from(signingDevices)
    .where(and(eq(signingDevices.userUid, userUid), eq(signingDevices.ethAddress, address)));
  const [device] = existing
    ? [existing]
    : await db.insert(signingDevices).values({ userUid, name: 'Ledger', ethAddress: address }).returning();
  await db
    .delete(walletSigners)
    .where(
      and(eq(walletSigners.organizationUid, scene.organization.uid), eq(walletSigners.userUid, userUid)),
    );
  await db.insert(walletSigners).values({
    organizationUid: scene.organization.uid,
    userUid,
    ...(options.ready ? { signingDeviceUid: device?.uid } : {}),
  });
  return device;
}

const CALLERS: Caller[] = ['Admin', 'Editor', 'Viewer', 'non-member', 'anonymous', 'operator'];

/** Which key role calls after which refused caller, so each endpoint meets a key of each role. */
const KEY_AFTER: Partial<Record<Caller, TRole>> = {
  'non-member': 'Admin',
  anonymous: 'Editor',
  operator: 'Viewer',
};

/**
 * An API key of `role` answers as a member of that role, except: nothing that is not an
 * organization's (a person's own, the compliance review) and nothing a key never does (keys,
 * members: API_KEY_REFUSED_PERMISSIONS), both 403; unguarded routes answer it as anyone.
 */
function keyExpected(endpoint: Endpoint, role: TRole): number {
  const override = endpoint.keyExpected?.[role];
  if (override !== undefined) return override;
  const { expected, permission } = endpoint;
  // Routes with a key of their own (release token, signatures) answer a key as anyone.
  if (new Set(Object.values(expected)).size === 1) return expected[role];
  const organizationScoped = expected['non-member'] === 404 && expected.anonymous === 401;
  if (organizationScoped) return isRefusedToKeys(permission) ? 403 : expected[role];
  if (expected.anonymous === 401) return 403;
  return expected[role];
}

const isRefusedToKeys = (permission: TPermission | 'operator') =>
  permission === 'operator' || API_KEY_REFUSED_PERMISSIONS.includes(permission);

/** A key of the founder's with `role`, written as the API writes one (recently used: no write on use). */
async function apiKeyOf(scene: Scene, role: TRole): Promise<string> {
  const secret = createApiKeySecret('test');
  await scene.testApp.db.insert(apiKeys).values({
    organizationUid: scene.organization.uid,
    name: `${role} key`,
    role,
    tokenHash: hashToken(secret),
    shownPrefix: secret.slice(0, 14),
    createdBy: scene.founderUid,
    lastUsedAt: new Date(),
  });
  return secret;
}

async function expectKeyAnswers(endpoint: Endpoint, callerScene: Scene, role: TRole): Promise<void> {
  const scene: Scene = {
    ...callerScene,
    cookie: undefined,
    apiKey: await apiKeyOf(callerScene, role),
    headerOrganization: callerScene.organization.uid,
    link: (url) => url,
    callerUid: callerScene.founderUid,
    memberUid: callerScene.founderUid,
  };
  const tables = watchTables(scene);
  const response = await endpoint.send(scene);
  const expected = keyExpected(endpoint, role);
  expect(response.statusCode, `${endpoint.name} with a ${role} key: ${response.body}`).toBe(expected);
  if (expected >= 400) await tables.expectUnchanged(`${endpoint.name} with a ${role} key`);
  if (expected === 403) {
    const { code, message } = errorOf(response);
    expect(code).toBe('FORBIDDEN');
    const { permission } = endpoint;
    const scoped = endpoint.expected['non-member'] === 404;
    if (isRefusedToKeys(permission) || !scoped) expect(message).toBe(API_KEY_REFUSED_MESSAGE);
    else if (!can(role, permission as TPermission))
      expect(message).toBe(PERMISSION_DENIED_MESSAGE[permission as TPermission]);
  }
}

/**
 * One API for the whole file: building one costs more than most scenes, and every scene makes its
 * own users and organizations (fresh uids, e-mails and slugs), so scenes never meet.
 */
let shared: Promise<TestApp> | undefined;
function matrixApp(): Promise<TestApp> {
  shared ??= (async () => {
    const base = testConfig();
    const config = testConfig({
      releases: { ...base.releases, token: RELEASE_TOKEN },
      // Webhooks signed as the sandbox signs them (no sandbox is called: nothing here reaches it).
      providers: {
        ...base.providers,
        sandbox: {
          url: 'http://127.0.0.1:9',
          apiKeys: SANDBOX_TEST_KEYS,
          webhookSecret: SANDBOX_TEST_SECRET,
        },
      },
      // Hundreds of sign-ins from one address (and the operator's, one e-mail) in one file.
      authRateLimitPerIp: 1_000_000,
      authRateLimitPerEmail: 1_000_000,
    });
    const database = await emptyTestDatabase();
    const app = await buildApp({ config, db: database.db });
    await app.ready();
    return { app, db: database.db, config };
  })();
  return shared;
}
afterAll(async () => {
  const testApp = await shared;
  shared = undefined;
  await testApp?.app.close();
});

/**
 * The organization's founder stays Admin throughout, so an Admin caller is a second Admin (and may
 * leave); the target of member changes is a Viewer; one invitation is open.
 */
async function arrange(
  caller: Caller,
  options: { approved?: boolean; foreign?: boolean } = {},
): Promise<Scene> {
  const testApp = await matrixApp();
  const founder = await signedInDirectly(testApp);
  const organization = await createOrganization(testApp, founder.cookie);
  if (options.approved) await approveOrganization(testApp.db, organization.uid);
  const counterparties = await insertCounterparties(testApp.db, organization.uid);
  const target = await addMemberDirectly(testApp, organization.uid, 'Viewer');
  const invited = await call(testApp.app, 'POST', '/organization/invitations', {
    cookie: founder.cookie,
    organization: organization.uid,
    body: { email: 'invited@example.com', role: 'Editor' },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const invitationUid = ZInvitationResponse.parse(invited.json()).data.uid;

  let delivered: Promise<{ threadUid: string; attachmentUrl: string }> | undefined;
  const thread = () => {
    delivered ??= (async () => {
      const provider = await createProvider(testApp.db);
      const delivery = await deliver(testApp, {
        from: provider.addresses[0] as string,
        to: `${organization.slug}@${testApp.config.messages.clientMailDomain}`,
        subject: 'Statement',
        text: 'Attached.',
        attachments: [{ filename: 'statement.pdf', contentType: 'application/pdf', content: PDF_BYTES }],
      });
      const [attachment] = await testApp.db
        .select()
        .from(attachments)
        .where(eq(attachments.organizationUid, organization.uid));
      return {
        threadUid: delivery.threadUid,
        attachmentUrl: attachmentDownloadPath(organization.uid, attachment?.uid ?? ''),
      };
    })();
    return delivered;
  };

  let callerUser: { cookie: string; uid: string } | undefined;
  let headerOrganization = organization.uid;
  if (options.foreign) {
    // An Admin of an organization of their own (Approved like this one), naming theirs.
    callerUser = await signedInDirectly(testApp);
    const own = await createOrganization(testApp, callerUser.cookie);
    await approveOrganization(testApp.db, own.uid);
    headerOrganization = own.uid;
  } else if (caller === 'non-member') callerUser = await signedInDirectly(testApp);
  else if (caller === 'operator') callerUser = await signedInDirectly(testApp, 'ops@example.com');
  else if (caller !== 'anonymous') callerUser = await addMemberDirectly(testApp, organization.uid, caller);
  return {
    testApp,
    organization,
    headerOrganization,
    link: (url) =>
      url.replace(`/organizations/${organization.uid}/`, `/organizations/${headerOrganization}/`),
    beforeRequest: async () => {},
    target,
    invitationUid,
    cookie: callerUser?.cookie,
    callerUid: callerUser?.uid,
    memberUid:
      caller === 'non-member' || caller === 'operator' || options.foreign ? undefined : callerUser?.uid,
    thread,
    founder: { cookie: founder.cookie, organization: organization.uid },
    founderUid: founder.uid,
    registeredWalletUid: counterparties.walletUid,
    bankBeneficiaryUid: counterparties.bankBeneficiaryUid,
  };
}

/** Takes a snapshot of every table right before the request leaves; `unchanged()` compares after it. */
function watchTables(scene: Scene) {
  let before: TableSnapshot | undefined;
  scene.beforeRequest = async () => {
    before = await snapshotTables(scene.testApp.db);
  };
  return {
    async expectUnchanged(label: string) {
      expect(before, `${label}: the request never left through ask/get/raw`).toBeDefined();
      expect(await snapshotTables(scene.testApp.db), `${label} changed the database`).toEqual(before);
    },
  };
}

/** "GET organization/users/{userUid} (a note)" → "GET /api/v0/organization/users/{}": comparable with the route table. */
function routeKey(name: string): string {
  const [method, path = ''] = (name.split(' (')[0] ?? '').split(' ');
  const full = path.startsWith('/') ? path : `${API_PREFIX}/${path}`;
  return `${method} ${full.replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}')}`;
}

describe('the matrix covers every route the API registers', () => {
  it("has an expectation for every route in Fastify's route table, and none for a route that is gone", async () => {
    const { app } = await matrixApp();
    const registered = new Set(routeTable(app).map(({ method, url }) => routeKey(`${method} ${url}`)));
    const covered = new Set(ENDPOINTS.map((endpoint) => routeKey(endpoint.name)));
    expect(registered.size).toBeGreaterThan(80);
    expect(
      [...registered].filter((route) => !covered.has(route)),
      'routes without an expectation',
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !registered.has(route)),
      'expectations for no route',
    ).toEqual([]);
  });
});

describe('the authorization matrix of every organization-scoped endpoint', () => {
  for (const endpoint of ENDPOINTS) {
    describe(endpoint.name, () => {
      // Each endpoint starts on an empty database: every scene makes its own users and organization,
      // and the snapshots that prove a refusal changed nothing scan every row of every table.
      beforeAll(async () => {
        await emptyTestDatabase();
      });
      it.each(CALLERS)('answers %s as the matrix says', async (caller) => {
        const scene = await arrange(caller, { approved: endpoint.approvedOnly === true });
        const tables = watchTables(scene);

        const response = await endpoint.send(scene);

        const expected = endpoint.expected[caller];
        expect(response.statusCode, response.body).toBe(expected);
        // A refused request leaves no trace (the event stream's 200 aside, every 4xx is a refusal).
        if (expected >= 400) {
          await tables.expectUnchanged(`${endpoint.name} as ${caller}`);
        }
        if (expected === 403) {
          expect(errorOf(response)).toEqual({
            status: 403,
            code: 'FORBIDDEN',
            message:
              endpoint.permission === 'operator'
                ? OPERATOR_ONLY_MESSAGE
                : PERMISSION_DENIED_MESSAGE[endpoint.permission],
          });
        }
        if (expected === 404) {
          expect(errorOf(response)).toMatchObject({
            status: 404,
            code: 'NOT_FOUND',
            ...(endpoint.notFoundMessage === ''
              ? {}
              : { message: endpoint.notFoundMessage ?? 'Organization not found' }),
          });
        }
        if (expected === 401) expect(errorOf(response)).toMatchObject({ code: 'UNAUTHENTICATED' });

        // The same table for API keys, at no extra setup: these callers were refused and changed
        // nothing, so a key of one role (the founder's) then calls on the same untouched scene.
        const keyRole = KEY_AFTER[caller];
        if (keyRole === undefined || expected < 400) return;
        await expectKeyAnswers(endpoint, endpoint.arrangesOnce ? await arrange(caller) : scene, keyRole);
      });
    });
  }

  describe('the approved-only endpoints, for an organization that is not approved', () => {
    const approvedOnly: [string, (scene: Scene, providerUid: string) => Promise<LightMyRequestResponse>][] = [
      ['GET providers', (scene) => ask(scene, 'GET', '/providers')],
      ['GET providers/{providerUid}', (scene, uid) => ask(scene, 'GET', `/providers/${uid}`)],
      ['GET provider-accounts', (scene) => ask(scene, 'GET', '/provider-accounts')],
      ['GET provider-accounts/{providerUid}', (scene, uid) => ask(scene, 'GET', `/provider-accounts/${uid}`)],
      [
        'POST provider-accounts',
        (scene, uid) => ask(scene, 'POST', '/provider-accounts', { providerUid: uid }),
      ],
    ];
    it.each(approvedOnly)('%s answers an Admin 403 with the approval message', async (_name, send) => {
      const scene = await arrange('Admin');
      const provider = await createCatalogueProvider(scene.testApp.db);
      const response = await send(scene, provider.uid);
      expect(errorOf(response)).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: ORGANIZATION_NOT_APPROVED_MESSAGE,
      });
    });
  });

  describe('the approved-only group, for an organization that is not Approved', () => {
    const MEMBERS: TRole[] = ['Admin', 'Editor', 'Viewer'];
    for (const endpoint of ENDPOINTS.filter((candidate) => candidate.approvedOnly)) {
      const permission = endpoint.permission as TPermission;
      it.each(MEMBERS)(`refuses ${endpoint.name} to %s with 403`, async (role) => {
        const scene = await arrange(role, { approved: false });

        const response = await endpoint.send(scene);

        expect(errorOf(response)).toEqual({
          status: 403,
          code: 'FORBIDDEN',
          // The role is checked first: a Viewer asking to write learns nothing about the approval.
          message: can(role, permission)
            ? ORGANIZATION_NOT_APPROVED_MESSAGE
            : PERMISSION_DENIED_MESSAGE[permission],
        });
      });
    }
  });

  describe("another organization's uids: an Admin of organization A sending B's uids (path, body, link)", () => {
    for (const endpoint of ENDPOINTS.filter((candidate) => candidate.foreign !== undefined)) {
      it(`${endpoint.name} answers ${endpoint.foreign} and changes nothing`, async () => {
        const scene = await arrange('Admin', { approved: endpoint.approvedOnly === true, foreign: true });
        const tables = watchTables(scene);

        const response = await (endpoint.foreignSend ?? endpoint.send)(scene);

        expect(response.statusCode, response.body).toBe(endpoint.foreign);
        expect(errorOf(response).code).toBe(endpoint.foreign === 404 ? 'NOT_FOUND' : 'VALIDATION');
        expect(response.body).not.toContain(scene.organization.slug);
        await tables.expectUnchanged(`${endpoint.name} from another organization`);
      });
    }
  });

  describe('the release API with its token', () => {
    const AUTH = { authorization: `Bearer ${RELEASE_TOKEN}` };
    const WITH_TOKEN: [string, (scene: Scene) => Promise<LightMyRequestResponse>, number][] = [
      ['GET releases', (scene) => raw(scene, 'GET', '/api/v0/releases', { headers: AUTH }), 200],
      [
        'GET releases/{remote}',
        (scene) => raw(scene, 'GET', '/api/v0/releases/remote-wallet', { headers: AUTH }),
        200,
      ],
      [
        'PUT releases/{remote}/{version} (no files: past the token, the contract)',
        (scene) =>
          raw(scene, 'PUT', '/api/v0/releases/remote-wallet/1.0.0', { headers: AUTH, body: { files: {} } }),
        400,
      ],
      [
        'POST releases/{remote}/pins (an unknown version)',
        (scene) =>
          raw(scene, 'POST', '/api/v0/releases/remote-wallet/pins', {
            headers: AUTH,
            body: { version: '9.9.9' },
          }),
        404,
      ],
      [
        'POST releases/{remote}/rollback (nothing to roll back)',
        (scene) => raw(scene, 'POST', '/api/v0/releases/remote-wallet/rollback', { headers: AUTH, body: {} }),
        409,
      ],
      [
        'POST releases/{remote}/unpin (nothing pinned: unchanged)',
        (scene) => raw(scene, 'POST', '/api/v0/releases/remote-wallet/unpin', { headers: AUTH, body: {} }),
        200,
      ],
      [
        'GET releases with a wrong token',
        (scene) =>
          raw(scene, 'GET', '/api/v0/releases', { headers: { authorization: `Bearer ${RELEASE_TOKEN}x` } }),
        401,
      ],
    ];
    it.each(WITH_TOKEN)('%s answers as the token allows', async (_name, send, status) => {
      const scene = await arrange('anonymous');
      const response = await send(scene);
      expect(response.statusCode, response.body).toBe(status);
    });
  });

  describe('the signed routes with their signature', () => {
    it('POST inbound/email takes a correctly signed mail without a session', async () => {
      const scene = await arrange('anonymous');
      const mail = Buffer.from(
        `From: nobody@example.com\r\nTo: ${scene.organization.slug}@${scene.testApp.config.messages.clientMailDomain}\r\nSubject: Hi\r\n\r\nHi`,
      );
      const response = await raw(scene, 'POST', '/api/v0/inbound/email', {
        headers: {
          'content-type': INBOUND_EMAIL_CONTENT_TYPE,
          [INBOUND_SIGNATURE_HEADER]: inboundSignature(scene.testApp.config.messages.inboundSecret, mail),
        },
        payload: mail,
      });
      // Signed, so past the key: a sender no provider owns is the service's 403, not the guard's 401.
      expect(response.statusCode, response.body).toBe(403);
    });

    it('POST providers/webhooks/{providerUid} takes a correctly signed event without a session', async () => {
      const scene = await arrange('anonymous');
      const provider = await createCatalogueProvider(scene.testApp.db);
      const response = await deliverSandboxEvent(
        scene.testApp,
        provider.uid,
        JSON.stringify({ id: 'evt_1', type: 'no.such.event', createdAt: new Date().toISOString(), data: {} }),
      );
      // Signed, so past the key: an event type we do not know is a 400, not the signature's 401.
      expect(response.statusCode, response.body).toBe(400);
    });
  });

  it('checks the role before the body: a Viewer learns nothing about validation', async () => {
    const scene = await arrange('Viewer');
    const response = await ask(scene, 'PATCH', `/organization/users/${scene.target.uid}`, { role: 'Owner' });
    expect(response.statusCode).toBe(403);
  });
});

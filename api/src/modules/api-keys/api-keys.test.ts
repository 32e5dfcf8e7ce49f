import { createHash, randomUUID } from 'node:crypto';
import {
  API_KEY_INVALID_MESSAGE,
  API_KEY_ORGANIZATION_MISMATCH_MESSAGE,
  API_KEY_PATTERN,
  API_KEY_REFUSED_MESSAGE,
  PERMISSION_DENIED_MESSAGE,
  type TRole,
  ZApiKeysResponse,
  ZCreateApiKeyResponse,
  ZOrganizationResponse,
  ZRegisteredWalletResponse,
} from '@dash/shared/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, auditEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { approveOrganization } from '../../test/providers';

/** The read cache on, as main.ts runs it: a revocation must not wait for a cached key lookup. */
async function arrange() {
  const testApp = await createTestApp({}, { cacheReads: true });
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  await approveOrganization(testApp.db, organization.uid);
  const asAdmin = { cookie: admin.cookie, organization: organization.uid };
  const createKey = async (role: TRole, name = `${role} key`) => {
    const response = await call(testApp.app, 'POST', '/organization/api-keys', {
      ...asAdmin,
      body: { name, role },
    });
    expect(response.statusCode, response.body).toBe(201);
    return ZCreateApiKeyResponse.parse(response.json()).data;
  };
  return { testApp, admin, organization, asAdmin, createKey };
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** A request with the key alone (no cookie); the organization header only when given. */
function withKey(
  { app }: TestApp,
  secret: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; organization?: string; headers?: Record<string, string> } = {},
) {
  return call(app, method, path, { ...options, headers: { ...bearer(secret), ...options.headers } });
}

async function auditRows(testApp: TestApp, subjectUid: string) {
  return testApp.db
    .select({ action: auditEvents.action, actor: auditEvents.actor, actorUserUid: auditEvents.actorUserUid })
    .from(auditEvents)
    .where(eq(auditEvents.subjectUid, subjectUid))
    .orderBy(auditEvents.id);
}

describe('organization API keys', () => {
  it('shows the secret once, stores only its hash, lists the key without it and audits the creation', async () => {
    const { testApp, admin, asAdmin, createKey } = await arrange();

    const created = await createKey('Editor', 'Payroll export');

    expect(created.secret).toMatch(API_KEY_PATTERN);
    expect(created.secret.startsWith('dash_test_')).toBe(true);
    expect(created.shownPrefix).toBe(created.secret.slice(0, 14));
    expect(created).toMatchObject({
      name: 'Payroll export',
      role: 'Editor',
      lastUsedAt: null,
      revokedAt: null,
    });
    const [stored] = await testApp.db.select().from(apiKeys).where(eq(apiKeys.uid, created.uid));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(14));

    const listed = await call(testApp.app, 'GET', '/organization/api-keys', asAdmin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).not.toContain(created.secret.slice(14));
    const { secret: _secret, ...shown } = created;
    expect(ZApiKeysResponse.parse(listed.json()).data).toEqual([shown]);

    expect(await auditRows(testApp, created.uid)).toEqual([
      { action: 'api_key.created', actor: admin.email, actorUserUid: admin.uid },
    ]);
  });

  it('acts in its organization with its role, records its last use, and is the actor of what it changes', async () => {
    const { testApp, organization, createKey } = await arrange();
    const editor = await createKey('Editor', 'Treasury bot');
    const viewer = await createKey('Viewer');

    // No header: the key's own organization, with the key's role.
    const read = await withKey(testApp, editor.secret, 'GET', '/organization');
    expect(read.statusCode, read.body).toBe(200);
    expect(ZOrganizationResponse.parse(read.json()).data).toMatchObject({
      uid: organization.uid,
      role: 'Editor',
    });
    const [used] = await testApp.db.select().from(apiKeys).where(eq(apiKeys.uid, editor.uid));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);

    const wallet = {
      network: 'ethereum',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      name: 'Cold',
    };
    const registered = await withKey(testApp, editor.secret, 'POST', '/rails/blockchain-wallets', {
      body: wallet,
      organization: organization.uid,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const walletUid = ZRegisteredWalletResponse.parse(registered.json()).data.uid;
    expect(await auditRows(testApp, walletUid)).toEqual([
      expect.objectContaining({ actor: `api_key:${editor.uid} (Treasury bot)`, actorUserUid: null }),
    ]);

    // Same matrix as a member: a Viewer's key may read, not write.
    expect((await withKey(testApp, viewer.secret, 'GET', '/rails/blockchain-wallets')).statusCode).toBe(200);
    const refused = await withKey(testApp, viewer.secret, 'POST', '/rails/blockchain-wallets', {
      body: { ...wallet, name: 'Other' },
    });
    expect(errorOf(refused)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: PERMISSION_DENIED_MESSAGE['rails.write'],
    });
  });

  it('cannot create keys, change members or act as a person, even as an Admin key', async () => {
    const { testApp, organization, createKey } = await arrange();
    const key = await createKey('Admin');
    const member = await addMember(testApp, organization.uid, 'Viewer');
    const refusals = [
      await withKey(testApp, key.secret, 'POST', '/organization/api-keys', {
        body: { name: 'x', role: 'Viewer' },
      }),
      await withKey(testApp, key.secret, 'GET', '/organization/api-keys'),
      await withKey(testApp, key.secret, 'PATCH', `/organization/users/${member.uid}`, {
        body: { role: 'Admin' },
      }),
      await withKey(testApp, key.secret, 'DELETE', `/organization/users/${member.uid}`),
      await withKey(testApp, key.secret, 'POST', '/organization/invitations', {
        body: { email: 'new@example.com', role: 'Admin' },
      }),
      await withKey(testApp, key.secret, 'POST', '/organization/leave'),
      await withKey(testApp, key.secret, 'GET', '/me'),
    ];
    for (const response of refusals) {
      expect(errorOf(response)).toEqual({ status: 403, code: 'FORBIDDEN', message: API_KEY_REFUSED_MESSAGE });
    }
    expect((await testApp.db.select().from(apiKeys)).length).toBe(1);
    // But it is an Admin elsewhere: it may rename the organization.
    const renamed = await withKey(testApp, key.secret, 'PATCH', '/organization', {
      body: { name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('refuses another organization named in the header or the path (403)', async () => {
    const { testApp, admin, createKey } = await arrange();
    const key = await createKey('Admin');
    const other = await createOrganization(testApp, admin.cookie);

    const byHeader = await withKey(testApp, key.secret, 'GET', '/organization', { organization: other.uid });
    expect(errorOf(byHeader)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: API_KEY_ORGANIZATION_MISMATCH_MESSAGE,
    });
    const byPath = await withKey(testApp, key.secret, 'GET', `/organizations/${other.uid}/audit?limit=5`);
    expect(errorOf(byPath)).toMatchObject({ status: 403, message: API_KEY_ORGANIZATION_MISMATCH_MESSAGE });
    const malformed = await withKey(testApp, key.secret, 'GET', '/organization', { organization: 'nope' });
    expect(errorOf(malformed)).toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('answers a forged, malformed or unknown key 401 at once, and never falls back to the cookie', async () => {
    const { testApp, admin, organization, createKey } = await arrange();
    const key = await createKey('Admin');
    const forged = `${key.secret.slice(0, -4)}AAAA`;
    for (const secret of [forged, 'dash_test_short', `dash_live_${'A'.repeat(43)}`, '']) {
      const response = await withKey(testApp, secret, 'GET', '/organization');
      expect(errorOf(response), secret).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
        message: API_KEY_INVALID_MESSAGE,
      });
    }
    // A signed-in browser's cookie does not rescue a bad key, even from the dashboard's own origin.
    const withCookie = await call(testApp.app, 'PATCH', '/organization', {
      cookie: admin.cookie,
      organization: organization.uid,
      headers: bearer(forged),
      body: { name: 'Hijacked' },
    });
    expect(withCookie.statusCode).toBe(401);

    // A key from anywhere (no ambient credentials): the Origin check does not apply to it.
    const elsewhere = await withKey(testApp, key.secret, 'PATCH', '/organization', {
      body: { name: 'From a server' },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    // The cookie still gets the Origin check.
    const crossSite = await call(testApp.app, 'PATCH', '/organization', {
      cookie: admin.cookie,
      organization: organization.uid,
      headers: { origin: 'https://elsewhere.example' },
      body: { name: 'Cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('is 401 right after revocation though its lookup was cached, and audits the revocation and a later use', async () => {
    const { testApp, admin, asAdmin, createKey } = await arrange();
    const key = await createKey('Editor', 'Old bot');
    const read = () => withKey(testApp, key.secret, 'GET', '/organization');
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);

    const revoked = await call(testApp.app, 'DELETE', `/organization/api-keys/${key.uid}`, asAdmin);
    expect(revoked.statusCode, revoked.body).toBe(204);

    expect(errorOf(await read())).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(errorOf(await read())).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    // Revoking again changes nothing; an unknown key is 404.
    expect((await call(testApp.app, 'DELETE', `/organization/api-keys/${key.uid}`, asAdmin)).statusCode).toBe(
      204,
    );
    const unknown = await call(testApp.app, 'DELETE', `/organization/api-keys/${randomUUID()}`, asAdmin);
    expect(unknown.statusCode).toBe(404);

    const keyActor = `api_key:${key.uid} (Old bot)`;
    // Two refused uses within the minute: one audit row.
    expect(await auditRows(testApp, key.uid)).toEqual([
      { action: 'api_key.created', actor: admin.email, actorUserUid: admin.uid },
      { action: 'api_key.revoked', actor: admin.email, actorUserUid: admin.uid },
      { action: 'api_key.refused', actor: keyActor, actorUserUid: null },
    ]);
    const listed = ZApiKeysResponse.parse(
      (await call(testApp.app, 'GET', '/organization/api-keys', asAdmin)).json(),
    ).data;
    expect(listed[0]?.revokedAt).not.toBeNull();
  });

  it('never has more powers than its creator still has: demoted, it is capped; gone, it is 401', async () => {
    const { testApp, admin, organization, asAdmin } = await arrange();
    const second = await addMember(testApp, organization.uid, 'Admin');
    const created = await call(testApp.app, 'POST', '/organization/api-keys', {
      cookie: second.cookie,
      organization: organization.uid,
      body: { name: 'Second', role: 'Admin' },
    });
    const key = ZCreateApiKeyResponse.parse(created.json()).data;
    const rename = () => withKey(testApp, key.secret, 'PATCH', '/organization', { body: { name: 'By key' } });
    expect((await rename()).statusCode).toBe(200);

    const demoted = await call(testApp.app, 'PATCH', `/organization/users/${second.uid}`, {
      ...asAdmin,
      body: { role: 'Viewer' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(errorOf(await rename())).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await withKey(testApp, key.secret, 'GET', '/organization')).json()).toMatchObject({
      data: { role: 'Viewer' },
    });

    const removed = await call(testApp.app, 'DELETE', `/organization/users/${second.uid}`, asAdmin);
    expect(removed.statusCode).toBe(204);
    expect((await withKey(testApp, key.secret, 'GET', '/organization')).statusCode).toBe(401);
    expect(admin.uid).not.toBe(second.uid);
  });

  it('still needs an Idempotency-Key on a money POST, and only Admins manage keys', async () => {
    const { testApp, organization, createKey } = await arrange();
    const key = await createKey('Editor');
    const onRamp = await withKey(testApp, key.secret, 'POST', '/rails/on-ramps', {
      body: { quoteUid: randomUUID(), walletUid: randomUUID() },
    });
    expect(errorOf(onRamp)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(onRamp.json().error.fields).toHaveProperty('idempotency-key');

    const editor = await addMember(testApp, organization.uid, 'Editor');
    const byEditor = await call(testApp.app, 'POST', '/organization/api-keys', {
      cookie: editor.cookie,
      organization: organization.uid,
      body: { name: 'Mine', role: 'Viewer' },
    });
    expect(errorOf(byEditor)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: PERMISSION_DENIED_MESSAGE['apiKeys.manage'],
    });
    const unnamed = await call(testApp.app, 'POST', '/organization/api-keys', {
      cookie: (await signInUser(testApp.app)).cookie,
      organization: organization.uid,
      body: { name: ' ', role: 'Viewer' },
    });
    expect(unnamed.statusCode).toBe(404);
    const rows = await testApp.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationUid, organization.uid)));
    expect(rows.length).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import {
  AUDIT_CSV_COLUMNS,
  PERMISSION_DENIED_MESSAGE,
  ZAuditResponse,
  ZInvitationResponse,
  ZMyInvitationsResponse,
  ZQuoteResponse,
  ZRegisteredWalletResponse,
} from '@dash/shared/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditEvents, providerAccounts, registeredWallets } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  addMember,
  createOrganization,
  registerProvedDevice,
  signInUser,
  uniqueEmail,
} from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { submitCompleteApplication } from '../../test/kyb';
import { createCatalogueProvider, sandboxConfig, testSandbox } from '../../test/providers';

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/** The audit rows one request wrote (found by the request id the API answered with). */
async function rowsOf(testApp: TestApp, response: LightMyRequestResponse) {
  const requestId = response.headers['x-request-id'];
  expect(typeof requestId, 'x-request-id').toBe('string');
  const rows = await testApp.db.select().from(auditEvents);
  return rows.filter((row) => row.requestId === requestId);
}

async function arrange() {
  const sandbox = await testSandbox();
  const testApp = await createTestApp(sandboxConfig(sandbox));
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  const as =
    (cookie: string) =>
    (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      path: string,
      body?: unknown,
      headers?: Record<string, string>,
    ) =>
      call(testApp.app, method, path, {
        cookie,
        organization: organization.uid,
        ...(body === undefined ? {} : { body }),
        headers: { 'x-forwarded-for': '203.0.113.7', ...headers },
      });
  return { testApp, admin, organization, asAdmin: as(admin.cookie), as };
}

describe('the audit log records every change once', () => {
  it('writes exactly one row per change, with actor, organization, target, before/after, request id and IP', async () => {
    const { testApp, admin, organization, asAdmin, as } = await arrange();
    /** The change answered `status` and wrote exactly one row, `action`, by `actor`. */
    async function expectOne(
      response: LightMyRequestResponse,
      status: number,
      action: string,
      actor = admin.email,
    ) {
      expect(response.statusCode, response.body).toBe(status);
      const rows = await rowsOf(testApp, response);
      expect(rows.map((row) => row.action)).toEqual([action]);
      const [row] = rows;
      expect(row).toMatchObject({ organizationUid: organization.uid, actor });
      expect(row?.ip).toMatch(/^(127\.0\.0\.1|203\.0\.113\.7)$/);
      return row as NonNullable<typeof row>;
    }

    // Organization settings: one row for name and slug together, each with its before and after.
    const renamed = await expectOne(
      await asAdmin('PATCH', '/organization', { name: 'Renamed Co', slug: `renamed-${organization.slug}` }),
      200,
      'organization.updated',
    );
    expect(renamed.data).toEqual({
      name: { from: organization.name, to: 'Renamed Co' },
      slug: { from: organization.slug, to: `renamed-${organization.slug}` },
    });
    expect(renamed.subjectUid).toBe(organization.uid);
    // A no-op change writes nothing.
    const same = await asAdmin('PATCH', '/organization', { name: 'Renamed Co' });
    expect(same.statusCode).toBe(200);
    expect(await rowsOf(testApp, same)).toEqual([]);

    // Invitations: sent, revoked, sent again and accepted by the invitee.
    const inviteeEmail = uniqueEmail('invitee');
    const sent = await asAdmin('POST', '/organization/invitations', { email: inviteeEmail, role: 'Viewer' });
    const sentRow = await expectOne(sent, 201, 'invitation.sent');
    expect(sentRow.data).toEqual({ email: inviteeEmail, role: 'Viewer' });
    const firstInvitation = ZInvitationResponse.parse(sent.json()).data;
    await expectOne(
      await asAdmin('DELETE', `/organization/invitations/${firstInvitation.uid}`),
      204,
      'invitation.revoked',
    );
    await expectOne(
      await asAdmin('POST', '/organization/invitations', { email: inviteeEmail, role: 'Viewer' }),
      201,
      'invitation.sent',
    );
    const invitee = await signInUser(testApp.app, inviteeEmail);
    const mine = ZMyInvitationsResponse.parse(
      (await call(testApp.app, 'GET', '/me/invitations', { cookie: invitee.cookie })).json(),
    ).data;
    const accepted = await expectOne(
      await call(testApp.app, 'POST', `/me/invitations/${mine[0]?.uid}/accept`, { cookie: invitee.cookie }),
      200,
      'invitation.accepted',
      inviteeEmail,
    );
    expect(accepted.toState).toBe('Viewer');
    expect(accepted.actorUserUid).toBe(invitee.uid);

    // Members: a role change (a permission change) with before and after, a removal, a member leaving.
    const promoted = await expectOne(
      await asAdmin('PATCH', `/organization/users/${invitee.uid}`, { role: 'Editor' }),
      200,
      'member.role_changed',
    );
    expect([promoted.fromState, promoted.toState, promoted.subjectUid]).toEqual([
      'Viewer',
      'Editor',
      invitee.uid,
    ]);
    await expectOne(await asAdmin('DELETE', `/organization/users/${invitee.uid}`), 204, 'member.removed');
    const leaver = await addMember(testApp, organization.uid, 'Viewer');
    await expectOne(await as(leaver.cookie)('POST', '/organization/leave'), 204, 'member.left', leaver.email);

    // Wallet: signers, a signing device, the deploy request.
    const signer = await addMember(testApp, organization.uid, 'Editor');
    await expectOne(
      await asAdmin('POST', '/wallet/signer/propose', { userUid: signer.uid }),
      201,
      'wallet.signer_added',
    );
    await expectOne(await asAdmin('DELETE', `/wallet/signer/${signer.uid}`), 204, 'wallet.signer_removed');
    await expectOne(
      await asAdmin('POST', '/wallet/signer/propose', { userUid: admin.uid }),
      201,
      'wallet.signer_added',
    );
    const { device } = await registerProvedDevice(testApp.app, admin.cookie);
    await expectOne(
      await asAdmin('POST', '/wallet/signer/signing-device', { signingDeviceUid: device.uid }),
      200,
      'wallet.signing_device_set',
    );
    const deploy = await expectOne(
      await asAdmin('POST', '/wallet/deploy', { threshold: 1 }),
      202,
      'wallet.deploy_requested',
    );
    expect([deploy.fromState, deploy.toState, deploy.data?.threshold]).toEqual([
      'undeployed',
      'deploying',
      1,
    ]);

    // KYB: the Admin's submission, then an operator's decision.
    const operator = await signInUser(testApp.app, 'ops@example.com');
    await submitCompleteApplication(testApp.app, { cookie: admin.cookie, organization: organization.uid });
    const decision = await expectOne(
      await call(testApp.app, 'POST', `/ops/kyb/${organization.uid}/approve`, { cookie: operator.cookie }),
      200,
      'kyb.approved',
      'operator:ops@example.com',
    );
    expect([decision.fromState, decision.toState]).toEqual(['Submitted', 'Approved']);

    // Counterparties.
    const createdWallet = await asAdmin('POST', '/rails/blockchain-wallets', {
      network: 'polygon-amoy',
      address: CHECKSUMMED,
      name: 'Treasury',
    });
    await expectOne(createdWallet, 201, 'registered_wallet.created');
    const walletUid = ZRegisteredWalletResponse.parse(createdWallet.json()).data.uid;
    const edited = await expectOne(
      await asAdmin('PATCH', `/rails/blockchain-wallets/${walletUid}`, { name: 'Main treasury' }),
      200,
      'registered_wallet.updated',
    );
    expect(edited.data).toEqual({ name: { from: 'Treasury', to: 'Main treasury' } });
    await expectOne(
      await asAdmin('DELETE', `/rails/blockchain-wallets/${walletUid}`),
      204,
      'registered_wallet.deleted',
    );

    // Money: the approval threshold, and accepting a quote (its transfer's creation is the one row).
    await expectOne(
      await asAdmin('PUT', '/rails/settings', { offRampApprovalThreshold: '1000.00' }),
      200,
      'organization.off_ramp_approval_threshold_changed',
    );
    const provider = await createCatalogueProvider(testApp.db, { name: 'Transfero' });
    await testApp.db
      .insert(providerAccounts)
      .values({ organizationUid: organization.uid, providerUid: provider.uid, status: 'Active' });
    const [target] = await testApp.db
      .insert(registeredWallets)
      .values({ organizationUid: organization.uid, network: 'polygon-amoy', address: CHECKSUMMED, name: 'T' })
      .returning();
    const quoted = await asAdmin('POST', '/rails/quotes', {
      providerUid: provider.uid,
      type: 'on_ramp',
      currency: 'BRL',
      network: 'polygon-amoy',
      amount: '100',
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    expect(await rowsOf(testApp, quoted)).toEqual([]);
    const quote = ZQuoteResponse.parse(quoted.json()).data;
    const onRamp = await expectOne(
      await asAdmin(
        'POST',
        '/rails/on-ramps',
        { quoteUid: quote.uid, walletUid: target?.uid },
        { 'idempotency-key': randomUUID() },
      ),
      201,
      'transfer.created',
    );
    expect(onRamp.data).toMatchObject({ quoteUid: quote.uid, sourceCurrency: 'BRL' });
    expect(onRamp.toState).toBe('awaiting_funds');
  });

  it('records the request id the API answers with and the caller address (x-forwarded-for only from a trusted proxy)', async () => {
    const { testApp, asAdmin } = await arrange();
    const response = await asAdmin('PATCH', '/organization', { name: 'Another name' });
    const [row] = await rowsOf(testApp, response);
    expect(row?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.ip).toBe(testApp.config.trustProxy ? '203.0.113.7' : '127.0.0.1');
  });
});

describe('the audit log is append-only in the database', () => {
  it('refuses UPDATE and DELETE of a recorded row', async () => {
    const { testApp, asAdmin } = await arrange();
    expect((await asAdmin('PATCH', '/organization', { name: 'Tamper target' })).statusCode).toBe(200);
    const before = await testApp.db.select().from(auditEvents);
    expect(before.length).toBeGreaterThan(0);
    const refusal = (work: Promise<unknown>) =>
      work.then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(testApp.db.update(auditEvents).set({ actor: 'someone-else@example.com' }))).toBe(
      'audit_events is append-only: UPDATE is not allowed',
    );
    expect(await refusal(testApp.db.delete(auditEvents))).toBe(
      'audit_events is append-only: DELETE is not allowed',
    );
    expect(await testApp.db.select().from(auditEvents)).toEqual(before);
  });
});

describe('GET organizations/{orgUid}/audit and its CSV export', () => {
  async function arrangeLog() {
    const scene = await arrange();
    // Five changes by the Admin, newest last.
    for (let index = 1; index <= 5; index += 1) {
      const response = await scene.asAdmin('PATCH', '/organization', { name: `Name ${index}` });
      expect(response.statusCode).toBe(200);
    }
    const invited = await scene.asAdmin('POST', '/organization/invitations', {
      email: uniqueEmail('guest'),
      role: 'Viewer',
    });
    expect(invited.statusCode).toBe(201);
    return scene;
  }
  const auditUrl = (organizationUid: string, query = '') =>
    `/api/v0/organizations/${organizationUid}/audit${query}`;
  const read = (testApp: TestApp, cookie: string, url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: { cookie } });

  it('pages newest first with a cursor and filters by actor, action and date', async () => {
    const { testApp, admin, organization } = await arrangeLog();
    const first = await read(testApp, admin.cookie, auditUrl(organization.uid, '?limit=4'));
    expect(first.statusCode, first.body).toBe(200);
    const page1 = ZAuditResponse.parse(first.json());
    // organization.created, 5 updates, invitation.sent: 7 rows.
    expect(page1.data.map((event) => event.action)).toEqual([
      'invitation.sent',
      'organization.updated',
      'organization.updated',
      'organization.updated',
    ]);
    expect(page1.data[1]?.data).toEqual({ name: { from: 'Name 4', to: 'Name 5' } });
    expect(page1.nextCursor).not.toBeNull();
    const page2 = ZAuditResponse.parse(
      (
        await read(testApp, admin.cookie, auditUrl(organization.uid, `?limit=4&cursor=${page1.nextCursor}`))
      ).json(),
    );
    expect(page2.data.map((event) => event.action)).toEqual([
      'organization.updated',
      'organization.updated',
      'organization.created',
    ]);
    expect(page2.nextCursor).toBeNull();

    const byAction = ZAuditResponse.parse(
      (await read(testApp, admin.cookie, auditUrl(organization.uid, '?action=invitation.sent'))).json(),
    );
    expect(byAction.data.map((event) => event.action)).toEqual(['invitation.sent']);
    const byActor = ZAuditResponse.parse(
      (
        await read(testApp, admin.cookie, auditUrl(organization.uid, `?actor=${admin.email.toUpperCase()}`))
      ).json(),
    );
    expect(byActor.data).toHaveLength(7);
    const nobody = ZAuditResponse.parse(
      (await read(testApp, admin.cookie, auditUrl(organization.uid, '?actor=nobody@example.com'))).json(),
    );
    expect(nobody.data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = ZAuditResponse.parse(
      (await read(testApp, admin.cookie, auditUrl(organization.uid, `?from=${today}&to=${today}`))).json(),
    );
    expect(inRange.data).toHaveLength(7);
    const past = ZAuditResponse.parse(
      (await read(testApp, admin.cookie, auditUrl(organization.uid, '?to=2020-01-01'))).json(),
    );
    expect(past.data).toEqual([]);
    // The last day an ISO date has: its end is past what an ISO time holds, and every event is before it.
    for (const url of ['?to=9999-12-31', '?from=0001-01-01&to=9999-12-31']) {
      const all = await read(testApp, admin.cookie, auditUrl(organization.uid, url));
      expect(all.statusCode, all.body).toBe(200);
      expect(ZAuditResponse.parse(all.json()).data).toHaveLength(7);
    }

    for (const bad of ['?limit=0', '?limit=101', '?cursor=abc', '?action=DROP TABLE', '?from=yesterday']) {
      expect(errorOf(await read(testApp, admin.cookie, auditUrl(organization.uid, bad)))).toMatchObject({
        status: 400,
        code: 'VALIDATION',
      });
    }
  });

  it('streams the filtered log as CSV', async () => {
    const { testApp, admin, organization } = await arrangeLog();
    const csv = await read(
      testApp,
      admin.cookie,
      `/api/v0/organizations/${organization.uid}/audit/export.csv?action=organization.updated`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(',organization.updated,organization,');
    expect(lines[1]).toContain('""from"":""Name 4""');
    expect(lines[1]).toContain('""to"":""Name 5""');
  });

  it('is for Admins: Editors and Viewers 403, another organization 404, anonymous 401', async () => {
    const { testApp, organization } = await arrangeLog();
    for (const role of ['Editor', 'Viewer'] as const) {
      const member = await addMember(testApp, organization.uid, role);
      for (const url of [auditUrl(organization.uid), `${auditUrl(organization.uid)}/export.csv`]) {
        expect(errorOf(await read(testApp, member.cookie, url))).toEqual({
          status: 403,
          code: 'FORBIDDEN',
          message: PERMISSION_DENIED_MESSAGE['audit.read'],
        });
      }
    }
    // An Admin of another organization learns nothing about this one's log.
    const stranger = await signInUser(testApp.app);
    await createOrganization(testApp, stranger.cookie);
    for (const url of [
      auditUrl(organization.uid),
      `${auditUrl(organization.uid)}/export.csv`,
      auditUrl('not-a-uid'),
    ]) {
      expect(errorOf(await read(testApp, stranger.cookie, url))).toMatchObject({ status: 404 });
    }
    const anonymous = await testApp.app.inject({ method: 'GET', url: auditUrl(organization.uid) });
    expect(anonymous.statusCode).toBe(401);
  });
});

import {
  ALREADY_A_MEMBER_MESSAGE,
  INVITATION_GONE_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  ZAcceptInvitationResponse,
  ZInvitationResponse,
  ZInvitationsResponse,
  ZMailboxResponse,
  ZMyInvitationsResponse,
} from '@dash/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { invitations } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';

async function mailsTo(app: FastifyInstance, email: string) {
  return ZMailboxResponse.parse(
    (await call(app, 'GET', `/dev/mailbox?to=${encodeURIComponent(email)}`)).json(),
  );
}

async function scene() {
  const testApp = await createTestApp();
  const { app } = testApp;
  const admin = await signInUser(app, 'ada@example.com');
  await call(app, 'PUT', '/profile', {
    cookie: admin.cookie,
    body: { firstName: 'Ada', lastName: 'Lovelace' },
  });
  const organization = await createOrganization(testApp, admin.cookie, {
    name: 'Acme Payments',
    slug: 'acme',
  });
  const invite = async (body: unknown) =>
    call(app, 'POST', '/organization/invitations', {
      cookie: admin.cookie,
      organization: organization.uid,
      body,
    });
  const list = async () =>
    ZInvitationsResponse.parse(
      (
        await call(app, 'GET', '/organization/invitations', {
          cookie: admin.cookie,
          organization: organization.uid,
        })
      ).json(),
    ).data;
  const mine = async (cookie: string) =>
    ZMyInvitationsResponse.parse((await call(app, 'GET', '/me/invitations', { cookie })).json()).data;
  return { testApp, app, db: testApp.db, admin, organization, invite, list, mine };
}

describe('POST /organization/invitations', () => {
  it('invites a trimmed, lowercased address with a role and mails it a link to the invitations page', async () => {
    const { app, invite, list } = await scene();

    const response = await invite({ email: '  Grace@Example.com ', role: 'Editor' });

    expect(response.statusCode).toBe(201);
    const { data } = ZInvitationResponse.parse(response.json());
    expect(data).toMatchObject({ email: 'grace@example.com', role: 'Editor', invitedBy: 'Ada Lovelace' });
    const days = (Date.parse(data.expiresAt) - Date.parse(data.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(await list()).toEqual([data]);

    const [mail] = await mailsTo(app, 'grace@example.com');
    expect(mail?.subject).toBe("You're invited to Acme Payments on Dash");
    expect(mail?.text).toContain('Ada Lovelace invited you to join Acme Payments on Dash as Editor.');
    expect(mail?.links).toEqual(['http://localhost:3000/settings/invites']);
  });

  it('renews an open invitation when the same address is invited again, and mails it again', async () => {
    const { app, db, invite, list } = await scene();
    const first = ZInvitationResponse.parse(
      (await invite({ email: 'grace@example.com', role: 'Editor' })).json(),
    ).data;
    await db
      .update(invitations)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(invitations.uid, first.uid));

    const again = await invite({ email: 'GRACE@example.com', role: 'Viewer' });

    expect(again.statusCode).toBe(201);
    const renewed = ZInvitationResponse.parse(again.json()).data;
    expect(renewed.uid).toBe(first.uid);
    expect(renewed.role).toBe('Viewer');
    expect(Date.parse(renewed.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await list()).toHaveLength(1);
    expect(await mailsTo(app, 'grace@example.com')).toHaveLength(2);
  });

  it('refuses an existing member with 409 and "Already a member" under the e-mail', async () => {
    const { testApp, organization, invite } = await scene();
    await addMember(testApp, organization.uid, 'Viewer', 'grace@example.com');

    const response = await invite({ email: 'grace@example.com', role: 'Admin' });

    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      requestId: response.headers['x-request-id'],
      code: 'CONFLICT',
      message: ALREADY_A_MEMBER_MESSAGE,
      messageCode: 'messages.alreadyMember',
      fields: { email: ALREADY_A_MEMBER_MESSAGE },
      fieldCodes: { email: { code: 'messages.alreadyMember' } },
    });
  });

  it('explains a bad address and role under their fields', async () => {
    const { invite } = await scene();
    const response = await invite({ email: 'grace@', role: 'Owner' });
    expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(response.json().error.fields).toEqual({
      email: 'Enter a valid email address',
      role: 'Choose a role',
    });
  });
});

describe('DELETE /organization/invitations/{uid}', () => {
  it('revokes a pending invitation: it leaves both lists and can no longer be accepted', async () => {
    const { app, admin, organization, invite, list, mine } = await scene();
    const invited = ZInvitationResponse.parse(
      (await invite({ email: 'grace@example.com', role: 'Editor' })).json(),
    ).data;
    const grace = await signInUser(app, 'grace@example.com');

    const revoked = await call(app, 'DELETE', `/organization/invitations/${invited.uid}`, {
      cookie: admin.cookie,
      organization: organization.uid,
    });

    expect(revoked.statusCode).toBe(204);
    expect(await list()).toEqual([]);
    expect(await mine(grace.cookie)).toEqual([]);
    const accept = await call(app, 'POST', `/me/invitations/${invited.uid}/accept`, { cookie: grace.cookie });
    expect(errorOf(accept)).toEqual({ status: 410, code: 'GONE', message: INVITATION_GONE_MESSAGE });
    const again = await call(app, 'DELETE', `/organization/invitations/${invited.uid}`, {
      cookie: admin.cookie,
      organization: organization.uid,
    });
    expect(errorOf(again)).toMatchObject({ status: 404, message: INVITATION_NOT_FOUND_MESSAGE });
  });

  it("cannot revoke another organization's invitation", async () => {
    const { testApp, app, invite } = await scene();
    const invited = ZInvitationResponse.parse(
      (await invite({ email: 'grace@example.com', role: 'Editor' })).json(),
    ).data;
    const other = await signInUser(app);
    const theirs = await createOrganization(testApp, other.cookie);

    const response = await call(app, 'DELETE', `/organization/invitations/${invited.uid}`, {
      cookie: other.cookie,
      organization: theirs.uid,
    });

    expect(errorOf(response)).toMatchObject({ status: 404, message: INVITATION_NOT_FOUND_MESSAGE });
  });
});

describe("the invitee's side", () => {
  it('lists the pending invitation, and accepting joins the organization with its role', async () => {
    const { app, admin, organization, invite, list, mine } = await scene();
    const invited = ZInvitationResponse.parse(
      (await invite({ email: 'grace@example.com', role: 'Viewer' })).json(),
    ).data;
    const grace = await signInUser(app, 'grace@example.com');

    expect(await mine(grace.cookie)).toEqual([
      {
        uid: invited.uid,
        role: 'Viewer',
        organization: { uid: organization.uid, name: 'Acme Payments', slug: 'acme', avatar: null },
        invitedBy: 'Ada Lovelace',
        createdAt: invited.createdAt,
        expiresAt: invited.expiresAt,
      },
    ]);

    const accepted = await call(app, 'POST', `/me/invitations/${invited.uid}/accept`, {
      cookie: grace.cookie,
    });

    expect(accepted.statusCode).toBe(200);
    expect(ZAcceptInvitationResponse.parse(accepted.json()).data).toMatchObject({
      uid: organization.uid,
      role: 'Viewer',
    });
    const organizations = (await call(app, 'GET', '/me/organizations', { cookie: grace.cookie })).json().data;
    expect(organizations.map((o: { slug: string; role: string }) => [o.slug, o.role])).toEqual([
      ['acme', 'Viewer'],
    ]);
    expect(await mine(grace.cookie)).toEqual([]);
    expect(await list()).toEqual([]);
    const users = (
      await call(app, 'GET', '/organization/users', { cookie: admin.cookie, organization: organization.uid })
    )
      .json()
      .data.map((user: { email: string; role: string }) => [user.email, user.role]);
    expect(users).toEqual([
      ['ada@example.com', 'Admin'],
      ['grace@example.com', 'Viewer'],
    ]);
  });

  it('is single use: a second accept, or a decline afterwards, is 410', async () => {
    const { app, invite } = await scene();
    const invited = ZInvitationResponse.parse(
      (await invite({ email: 'grace@example.com', role: 'Editor' })).json(),
    ).data;
    const grace = await signInUser(app, 'grace@example.com');

    const answers = await Promise.all([
      call(app, 'POST', `/me/invitations/${invited.uid}/accept`, { cookie: grace.cookie }),
      call(app, 'POST', `/me/invitations/${invited.uid}/accept`, { cookie: grace.cookie }),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    const decline = await call(app, 'POST', `/me/invitations/${invited.uid}/decline`, {
      cookie: grace.cookie,
    });
    expect(errorOf(decline)).toMatchObject({ status: 410, code: 'GONE' });
  });

  it('expires after 7 days: no longer listed, and accepting is 410', async () => {
    const { app, db, invite, list, mine } = await scene();
    const invited = ZInvitationResponse.parse(
      (await invite({ email: 'grace@example.com', role: 'Editor' })).json(),
    ).data;
    const grace = await signInUser(app, 'grace@example.com');
    await db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invitations.uid, invited.uid));

    expect(await mine(grace.cookie)).toEqual([]);
    expect(await list()).toEqual([]);
    const accept = await call(app, 'POST', `/me/invitations/${invited.uid}/accept`, { cookie: grace.cookie });
    expect(errorOf(accept)).toEqual({ status: 410, code: 'GONE', message: INVITATION_GONE_MESSAGE });
    expect((await call(app, 'GET', '/me/organizations', { cookie: grace.cookie })).json()).toEqual({
      data: [],
    });
  });

  it('refuses someone signed in with another address: 404, and the invitation stays open', async () => {
    const { app, invite, list } = await scene();
    const invited = ZInvitationResponse.parse(
      (await invite({ email: 'grace@example.com', role: 'Admin' })).json(),
    ).data;
    const mallory = await signInUser(app, 'mallory@example.com');

    expect(await (await call(app, 'GET', '/me/invitations', { cookie: mallory.cookie })).json()).toEqual({
      data: [],
    });
    for (const answer of ['accept', 'decline']) {
      const response = await call(app, 'POST', `/me/invitations/${invited.uid}/${answer}`, {
        cookie: mallory.cookie,
      });
      expect(errorOf(response)).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: INVITATION_NOT_FOUND_MESSAGE,
      });
    }
    expect((await call(app, 'GET', '/me/organizations', { cookie: mallory.cookie })).json()).toEqual({
      data: [],
    });
    expect(await list()).toHaveLength(1);
  });

  it('declining closes the invitation without joining; the Admin may invite again', async () => {
    const { app, invite, list, mine } = await scene();
    const invited = ZInvitationResponse.parse(
      (await invite({ email: 'grace@example.com', role: 'Editor' })).json(),
    ).data;
    const grace = await signInUser(app, 'grace@example.com');

    const declined = await call(app, 'POST', `/me/invitations/${invited.uid}/decline`, {
      cookie: grace.cookie,
    });

    expect(declined.statusCode).toBe(204);
    expect(await mine(grace.cookie)).toEqual([]);
    expect(await list()).toEqual([]);
    expect((await call(app, 'GET', '/me/organizations', { cookie: grace.cookie })).json()).toEqual({
      data: [],
    });
    const again = ZInvitationResponse.parse(
      (await invite({ email: 'grace@example.com', role: 'Editor' })).json(),
    ).data;
    expect(again.uid).not.toBe(invited.uid);
  });

  it('needs a session', async () => {
    const { app, invite } = await scene();
    const invited = ZInvitationResponse.parse(
      (await invite({ email: 'grace@example.com', role: 'Editor' })).json(),
    ).data;
    expect((await call(app, 'GET', '/me/invitations')).statusCode).toBe(401);
    expect((await call(app, 'POST', `/me/invitations/${invited.uid}/accept`)).statusCode).toBe(401);
  });
});

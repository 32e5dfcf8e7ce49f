import {
  EMAIL_CHANGE_LINK_GONE_MESSAGE,
  EMAIL_CHANGE_LINK_INVALID_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  EMAIL_UNCHANGED_MESSAGE,
  ZMailboxResponse,
  ZMeResponse,
} from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { emailChanges } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';

async function me(app: FastifyInstance, cookie: string) {
  return ZMeResponse.parse((await call(app, 'GET', '/me', { cookie })).json()).data;
}

/** Asks for a change to `email` and returns the token from the confirmation link mailed there. */
async function requestChange(app: FastifyInstance, cookie: string, email: string): Promise<string> {
  const response = await call(app, 'POST', '/profile/email-change-request', { cookie, body: { email } });
  expect(response.statusCode, response.body).toBe(202);
  const [mail] = ZMailboxResponse.parse((await call(app, 'GET', `/dev/mailbox?to=${email}`)).json());
  expect(mail?.subject).toBe('Confirm your new e-mail address');
  const link = new URL(mail?.links[0] ?? '');
  expect(link.pathname).toBe('/change-email');
  return link.searchParams.get('token') ?? '';
}

const confirm = (app: FastifyInstance, token: string) =>
  call(app, 'POST', '/profile/email-change', { body: { token } });

describe('PUT /profile', () => {
  it('saves trimmed first and last names, which GET me then reports', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app, 'ada@example.com');

    const response = await call(app, 'PUT', '/profile', {
      cookie: ada.cookie,
      body: { firstName: ' Ada ', lastName: 'Lovelace ' },
    });

    expect(response.statusCode).toBe(200);
    const expected = {
      uid: ada.uid,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      locale: null,
      type: 'user',
    };
    expect(response.json()).toEqual({ data: expected });
    expect(await me(app, ada.cookie)).toEqual(expected);
  });

  it('refuses names over 64 characters and unknown fields, and needs a session', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app);
    const long = await call(app, 'PUT', '/profile', {
      cookie: ada.cookie,
      body: { firstName: 'a'.repeat(65), lastName: '' },
    });
    expect(long.json().error.fields).toEqual({ firstName: 'First name must be at most 64 characters' });
    const email = await call(app, 'PUT', '/profile', {
      cookie: ada.cookie,
      body: { firstName: '', lastName: '', email: 'x@example.com' },
    });
    expect(email.json().error.fields).toEqual({ email: 'Unknown field' });
    expect((await call(app, 'PUT', '/profile', { body: { firstName: '', lastName: '' } })).statusCode).toBe(
      401,
    );
  });
});

describe('changing the e-mail address', () => {
  it('mails a link to the new address and changes nothing until the link is opened, even signed out', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app, 'ada@example.com');

    const token = await requestChange(app, ada.cookie, 'ada@newmail.example');
    expect((await me(app, ada.cookie)).email).toBe('ada@example.com');

    const confirmed = await confirm(app, token);

    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: { email: 'ada@newmail.example' } });
    expect((await me(app, ada.cookie)).email).toBe('ada@newmail.example');
    const [notice] = ZMailboxResponse.parse(
      (await call(app, 'GET', '/dev/mailbox?to=ada@example.com')).json(),
    );
    expect(notice?.subject).toBe('Your e-mail address was changed');
    // The new address signs in to the same account.
    expect((await signInUser(app, 'ada@newmail.example')).uid).toBe(ada.uid);
  });

  it('is single use', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app);
    const token = await requestChange(app, ada.cookie, 'once@example.com');

    expect((await confirm(app, token)).statusCode).toBe(200);
    expect(errorOf(await confirm(app, token))).toEqual({
      status: 410,
      code: 'GONE',
      message: EMAIL_CHANGE_LINK_GONE_MESSAGE,
    });
  });

  it('voids the earlier link when a newer one is confirmed, so the abandoned address cannot take the account', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app, 'ada@example.com');
    const typo = await requestChange(app, ada.cookie, 'ada@exmaple.com');
    const meant = await requestChange(app, ada.cookie, 'ada@example.org');

    expect((await confirm(app, meant)).statusCode).toBe(200);
    expect(errorOf(await confirm(app, typo))).toEqual({
      status: 410,
      code: 'GONE',
      message: EMAIL_CHANGE_LINK_GONE_MESSAGE,
    });
    expect((await me(app, ada.cookie)).email).toBe('ada@example.org');
  });

  it('voids the earlier link as soon as a newer change is asked for: only the newest link works', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app, 'ada@example.com');
    const first = await requestChange(app, ada.cookie, 'first@example.com');
    const second = await requestChange(app, ada.cookie, 'second@example.com');

    expect(errorOf(await confirm(app, first))).toEqual({
      status: 410,
      code: 'GONE',
      message: EMAIL_CHANGE_LINK_GONE_MESSAGE,
    });
    expect((await me(app, ada.cookie)).email).toBe('ada@example.com');
    expect((await confirm(app, second)).statusCode).toBe(200);
    expect((await me(app, ada.cookie)).email).toBe('second@example.com');
  });

  it("leaves other users' pending links alone", async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app, 'ada@example.com');
    const grace = await signInUser(app, 'grace@example.com');
    const gracesLink = await requestChange(app, grace.cookie, 'grace@example.org');
    const adasLink = await requestChange(app, ada.cookie, 'ada@example.org');

    expect((await confirm(app, adasLink)).statusCode).toBe(200);
    expect((await confirm(app, gracesLink)).statusCode).toBe(200);
    expect((await me(app, grace.cookie)).email).toBe('grace@example.org');
  });

  it('confirms at most one of two live links opened at the same time', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app, 'ada@example.com');
    // Two live links of one user, as links mailed before this rule may still be.
    const older = await requestChange(app, ada.cookie, 'older@example.com');
    const newer = await requestChange(app, ada.cookie, 'newer@example.com');
    await db.update(emailChanges).set({ usedAt: null });

    const answers = await Promise.all([confirm(app, older), confirm(app, newer)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
  });

  it('expires', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app, 'ada@example.com');
    const token = await requestChange(app, ada.cookie, 'late@example.com');
    await db.update(emailChanges).set({ expiresAt: sql`now() - interval '1 second'` });

    expect(errorOf(await confirm(app, token))).toMatchObject({ status: 410, code: 'GONE' });
    expect((await me(app, ada.cookie)).email).toBe('ada@example.com');
  });

  it('expires one hour after the request', async () => {
    const { app, db } = await createTestApp();
    const ada = await signInUser(app);
    await requestChange(app, ada.cookie, 'hour@example.com');
    const [row] = await db
      .select({
        minutes: sql<number>`extract(epoch from ${emailChanges.expiresAt} - ${emailChanges.createdAt}) / 60`,
      })
      .from(emailChanges);
    expect(Number(row?.minutes)).toBeCloseTo(60, 1);
  });

  it('refuses an unknown or malformed token with 400', async () => {
    const { app } = await createTestApp();
    for (const token of ['A'.repeat(43), 'short']) {
      const response = await confirm(app, token);
      expect(errorOf(response)).toEqual({
        status: 400,
        code: 'VALIDATION',
        message: EMAIL_CHANGE_LINK_INVALID_MESSAGE,
      });
    }
  });

  it('refuses an address another user has, when asked and when confirmed (the link then stays usable)', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app, 'ada@example.com');
    await signInUser(app, 'grace@example.com');

    const taken = await call(app, 'POST', '/profile/email-change-request', {
      cookie: ada.cookie,
      body: { email: 'Grace@example.com' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ email: EMAIL_TAKEN_MESSAGE });

    const token = await requestChange(app, ada.cookie, 'later@example.com');
    await signInUser(app, 'later@example.com');
    expect(errorOf(await confirm(app, token))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: EMAIL_TAKEN_MESSAGE,
    });
    expect((await me(app, ada.cookie)).email).toBe('ada@example.com');
  });

  it('refuses the current address and a bad one under the e-mail field', async () => {
    const { app } = await createTestApp();
    const ada = await signInUser(app, 'ada@example.com');
    const same = await call(app, 'POST', '/profile/email-change-request', {
      cookie: ada.cookie,
      body: { email: ' ADA@example.com' },
    });
    expect(same.json().error).toEqual({
      requestId: same.headers['x-request-id'],
      code: 'VALIDATION',
      message: EMAIL_UNCHANGED_MESSAGE,
      messageCode: 'messages.emailUnchanged',
      fields: { email: EMAIL_UNCHANGED_MESSAGE },
      fieldCodes: { email: { code: 'messages.emailUnchanged' } },
    });
    const bad = await call(app, 'POST', '/profile/email-change-request', {
      cookie: ada.cookie,
      body: { email: 'x' },
    });
    expect(errorOf(bad)).toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('keeps to the sign-in allowlist', async () => {
    const { app } = await createTestApp({
      authAllowlist: { emails: new Set(['ada@example.com']), domains: new Set(['acme.mx']) },
    });
    const ada = await signInUser(app, 'ada@example.com');
    const outside = await call(app, 'POST', '/profile/email-change-request', {
      cookie: ada.cookie,
      body: { email: 'ada@elsewhere.example' },
    });
    expect(errorOf(outside)).toMatchObject({ status: 403, code: 'NOT_ALLOWLISTED' });
    await requestChange(app, ada.cookie, 'ada@acme.mx');
  });
});

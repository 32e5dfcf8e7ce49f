import { ZMailboxResponse, ZMeResponse } from '@dash/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { magicLinks, sessions, users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { cookieFrom, latestSignInToken, requestSignInToken, signIn } from '../../test/auth';
import { call, errorOf } from '../../test/http';
import { hashToken, LINK_GONE_MESSAGE, RATE_LIMITED_MESSAGE } from './service';

describe('POST /auth (request a magic link)', () => {
  it('mails a single-use link to the trimmed, lowercased address and answers 202', async () => {
    const { app } = await createTestApp();

    const response = await call(app, 'POST', '/auth', { body: { email: '  Ada@Example.COM ' } });

    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { sent: true } });
    const [mail] = ZMailboxResponse.parse((await call(app, 'GET', '/dev/mailbox')).json());
    expect(mail?.to).toBe('ada@example.com');
    expect(mail?.subject).toBe('Your sign-in link');
    expect(mail?.links).toHaveLength(1);
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(mail?.links[0]);
    expect(mail?.html).toContain(`href="${mail?.links[0]}"`);
  });

  it('stores only a hash of the token, valid for 15 minutes', async () => {
    const { app, db } = await createTestApp();
    const token = await requestSignInToken(app, 'ada@example.com');

    const rows = await db
      .select({
        tokenHash: magicLinks.tokenHash,
        minutes: sql<number>`round(extract(epoch from ${magicLinks.expiresAt} - now()) / 60)::int`,
      })
      .from(magicLinks);
    expect(rows).toEqual([{ tokenHash: hashToken(token), minutes: 15 }]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a malformed address, a missing one and unknown fields with 400', async () => {
    const { app } = await createTestApp();

    const malformed = await call(app, 'POST', '/auth', { body: { email: 'not-an-address' } });
    expect(errorOf(malformed)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(malformed.json().error.fields).toEqual({ email: 'Enter a valid email address' });

    const missing = await call(app, 'POST', '/auth', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ email: 'Email is required' });

    const wrongType = await call(app, 'POST', '/auth', { body: { email: 42 } });
    expect(wrongType.statusCode).toBe(400);

    const extra = await call(app, 'POST', '/auth', { body: { email: 'ada@example.com', admin: true } });
    expect(errorOf(extra)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(extra.json().error.fields).toEqual({ admin: 'Unknown field' });

    expect(ZMailboxResponse.parse((await call(app, 'GET', '/dev/mailbox')).json())).toEqual([]);
  });

  describe('with an allowlist', () => {
    const allowlist = { emails: new Set(['guest@partner.example']), domains: new Set(['acme.example']) };

    it('lets listed addresses and addresses on listed domains in', async () => {
      const { app } = await createTestApp({ authAllowlist: allowlist });
      for (const email of ['guest@partner.example', 'anyone@acme.example', 'Mixed@ACME.example']) {
        expect((await call(app, 'POST', '/auth', { body: { email } })).statusCode).toBe(202);
      }
    });

    it('refuses everyone else with 403 NOT_ALLOWLISTED and sends nothing', async () => {
      const { app } = await createTestApp({ authAllowlist: allowlist });
      for (const email of ['other@partner.example', 'someone@sub.acme.example', 'eve@evil.example']) {
        const response = await call(app, 'POST', '/auth', { body: { email } });
        expect(errorOf(response)).toMatchObject({ status: 403, code: 'NOT_ALLOWLISTED' });
      }
      expect(ZMailboxResponse.parse((await call(app, 'GET', '/dev/mailbox')).json())).toEqual([]);
    });
  });

  describe('rate limits', () => {
    it('allows AUTH_RATE_LIMIT_PER_EMAIL requests per address per 15 minutes, then 429 with Retry-After', async () => {
      const { app } = await createTestApp({ authRateLimitPerEmail: 2 });
      const ask = (email: string) => call(app, 'POST', '/auth', { body: { email } });

      expect((await ask('ada@example.com')).statusCode).toBe(202);
      expect((await ask('ADA@example.com ')).statusCode).toBe(202);
      const refused = await ask('ada@example.com');

      expect(errorOf(refused)).toEqual({ status: 429, code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Another address is not affected.
      expect((await ask('grace@example.com')).statusCode).toBe(202);
    });

    it('allows AUTH_RATE_LIMIT_PER_IP requests per client address, whatever the e-mail', async () => {
      const { app } = await createTestApp({ authRateLimitPerIp: 3 });
      const ask = (email: string, ip: string) =>
        app.inject({ method: 'POST', url: '/api/v0/auth', payload: { email }, remoteAddress: ip });

      for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
        expect((await ask(email, '203.0.113.7')).statusCode).toBe(202);
      }
      const refused = await ask('d@example.com', '203.0.113.7');
      expect(errorOf(refused)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await ask('d@example.com', '198.51.100.1')).statusCode).toBe(202);
    });
  });
});

describe('POST /auth/:token (verify a magic link)', () => {
  it('registers a new user, sets the session cookie and signs them in', async () => {
    const { app } = await createTestApp();
    const token = await requestSignInToken(app, 'ada@example.com');

    const verified = await call(app, 'POST', `/auth/${token}`, { body: {} });

    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: 'registered' });
    const [cookie] = verified.cookies as Record<string, unknown>[];
    expect(cookie).toMatchObject({
      name: 'dash_session',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 30 * 24 * 60 * 60,
    });
    expect(cookie?.secure).toBeUndefined();
    const me = await call(app, 'GET', '/me', { cookie: cookieFrom(verified) });
    expect(ZMeResponse.parse(me.json()).data).toMatchObject({ email: 'ada@example.com', type: 'user' });
  });

  it('answers signed-in for someone who already has an account', async () => {
    const { app, db } = await createTestApp();
    await signIn(app, 'ada@example.com');
    const token = await requestSignInToken(app, 'ada@example.com');

    const verified = await call(app, 'POST', `/auth/${token}`);

    expect(verified.json()).toEqual({ status: 'signed-in' });
    expect(await db.select().from(users)).toHaveLength(1);
  });

  it('accepts an empty body, with or without a JSON content type', async () => {
    const { app } = await createTestApp();
    const first = await requestSignInToken(app, 'ada@example.com');
    const withType = await app.inject({
      method: 'POST',
      url: `/api/v0/auth/${first}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(withType.statusCode).toBe(200);

    const second = await requestSignInToken(app, 'ada@example.com');
    expect((await app.inject({ method: 'POST', url: `/api/v0/auth/${second}` })).statusCode).toBe(200);
  });

  it('refuses fields in the body', async () => {
    const { app } = await createTestApp();
    const token = await requestSignInToken(app, 'ada@example.com');
    const response = await call(app, 'POST', `/auth/${token}`, { body: { email: 'eve@example.com' } });
    expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('gives back a safe redirect that was asked for with the link', async () => {
    const { app } = await createTestApp();
    const token = await requestSignInToken(app, 'ada@example.com', {
      redirect: '/org/acme/wallet?tab=x#top',
    });

    const verified = await call(app, 'POST', `/auth/${token}`, { body: {} });

    expect(verified.json()).toEqual({ status: 'registered', redirect: '/org/acme/wallet?tab=x#top' });
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
  ])('drops the open-redirect attempt %s and still signs in', async (redirect) => {
    const { app } = await createTestApp();
    const token = await requestSignInToken(app, 'ada@example.com', { redirect });

    const verified = await call(app, 'POST', `/auth/${token}`, { body: {} });

    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: 'registered' });
  });

  it('drops a redirect that grows past 2048 characters once normalised, and still signs in', async () => {
    const { app } = await createTestApp();
    const redirect = `/org/acme/rails/transactions?q=${'é'.repeat(1000)}`;
    const token = await requestSignInToken(app, 'ada@example.com', { redirect });

    const verified = await call(app, 'POST', `/auth/${token}`, { body: {} });

    expect(verified.json()).toEqual({ status: 'registered' });
  });

  it('works once: a reused link is 410 GONE', async () => {
    const { app } = await createTestApp();
    const token = await requestSignInToken(app, 'ada@example.com');
    expect((await call(app, 'POST', `/auth/${token}`, { body: {} })).statusCode).toBe(200);

    const again = await call(app, 'POST', `/auth/${token}`, { body: {} });

    expect(errorOf(again)).toEqual({ status: 410, code: 'GONE', message: LINK_GONE_MESSAGE });
    expect(again.cookies).toEqual([]);
  });

  it('signs in only once when the same link is submitted twice at the same moment', async () => {
    const { app, db } = await createTestApp();
    const token = await requestSignInToken(app, 'ada@example.com');

    const answers = await Promise.all([
      call(app, 'POST', `/auth/${token}`, { body: {} }),
      call(app, 'POST', `/auth/${token}`, { body: {} }),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    expect(await db.select().from(sessions)).toHaveLength(1);
  });

  it('refuses an expired link with 410 GONE', async () => {
    const { app, db } = await createTestApp();
    const token = await requestSignInToken(app, 'ada@example.com');
    await db
      .update(magicLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(magicLinks.tokenHash, hashToken(token)));

    const response = await call(app, 'POST', `/auth/${token}`, { body: {} });

    expect(errorOf(response)).toEqual({ status: 410, code: 'GONE', message: LINK_GONE_MESSAGE });
    expect(await db.select().from(users)).toEqual([]);
  });

  it('refuses a well-formed but unknown token with 400, and a malformed one before any lookup', async () => {
    const { app } = await createTestApp();

    const unknown = await call(app, 'POST', `/auth/${'A'.repeat(43)}`, { body: {} });
    expect(errorOf(unknown)).toMatchObject({ status: 400, code: 'VALIDATION' });

    for (const bad of ['short', `${'A'.repeat(42)}!`, 'A'.repeat(129)]) {
      const response = await call(app, 'POST', `/auth/${encodeURIComponent(bad)}`, { body: {} });
      expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION' });
      expect(response.json().error.fields).toEqual({ token: 'This sign-in link is not valid' });
    }
  });

  it('keeps a link for one address from signing in anyone else', async () => {
    const { app } = await createTestApp();
    await requestSignInToken(app, 'ada@example.com');
    const graceToken = await requestSignInToken(app, 'grace@example.com');
    expect(await latestSignInToken(app, 'ada@example.com')).not.toBe(graceToken);

    const cookie = cookieFrom(await call(app, 'POST', `/auth/${graceToken}`, { body: {} }));
    const me = ZMeResponse.parse((await call(app, 'GET', '/me', { cookie })).json());
    expect(me.data.email).toBe('grace@example.com');
  });
});

describe('sessions', () => {
  it('sets the Secure flag on the cookie in production', async () => {
    const { app } = await createTestApp({ nodeEnv: 'production' });
    const token = await requestSignInToken(app, 'ada@example.com');

    const verified = await call(app, 'POST', `/auth/${token}`, { body: {} });

    expect(verified.cookies[0]).toMatchObject({ name: 'dash_session', secure: true });
  });

  it('slides: a session last extended over a day ago is extended to 30 days and the cookie re-sent', async () => {
    const { app, db } = await createTestApp();
    const cookie = await signIn(app, 'ada@example.com');
    await db.update(sessions).set({
      lastSeenAt: sql`now() - interval '2 days'`,
      expiresAt: sql`now() + interval '28 days'`,
    });

    const me = await call(app, 'GET', '/me', { cookie });

    expect(me.statusCode).toBe(200);
    expect(me.cookies[0]).toMatchObject({ name: 'dash_session', maxAge: 30 * 24 * 60 * 60 });
    expect(`dash_session=${(me.cookies[0] as { value: string }).value}`).toBe(cookie);
    const [session] = await db
      .select({ days: sql<number>`round(extract(epoch from ${sessions.expiresAt} - now()) / 86400)::int` })
      .from(sessions);
    expect(session?.days).toBe(30);
  });

  it('does not write or re-send the cookie on every request', async () => {
    const { app, db } = await createTestApp();
    const cookie = await signIn(app, 'ada@example.com');
    const [before] = await db.select().from(sessions);

    const me = await call(app, 'GET', '/me', { cookie });

    expect(me.statusCode).toBe(200);
    expect(me.headers['set-cookie']).toBeUndefined();
    const [after] = await db.select().from(sessions);
    expect(after).toEqual(before);
  });

  it('an expired session is signed out', async () => {
    const { app, db } = await createTestApp();
    const cookie = await signIn(app, 'ada@example.com');
    await db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });

    expect(errorOf(await call(app, 'GET', '/me', { cookie }))).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('POST /auth/sign-out', () => {
  it('ends the session: the cookie is cleared and the old cookie no longer works', async () => {
    const { app, db } = await createTestApp();
    const cookie = await signIn(app, 'ada@example.com');

    const signedOut = await call(app, 'POST', '/auth/sign-out', { cookie });

    expect(signedOut.statusCode).toBe(204);
    expect(signedOut.body).toBe('');
    expect(signedOut.cookies[0]).toMatchObject({ name: 'dash_session', value: '', maxAge: 0, path: '/' });
    expect(await db.select().from(sessions)).toEqual([]);
    expect((await call(app, 'GET', '/me', { cookie })).statusCode).toBe(401);
  });

  it('is fine when already signed out', async () => {
    const { app } = await createTestApp();
    expect((await call(app, 'POST', '/auth/sign-out')).statusCode).toBe(204);
    expect((await call(app, 'POST', '/auth/sign-out', { cookie: 'dash_session=garbage' })).statusCode).toBe(
      204,
    );
  });

  it('signs out only the session it was sent with', async () => {
    const { app } = await createTestApp();
    const laptop = await signIn(app, 'ada@example.com');
    const phone = await signIn(app, 'ada@example.com');

    await call(app, 'POST', '/auth/sign-out', { cookie: laptop });

    expect((await call(app, 'GET', '/me', { cookie: laptop })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/me', { cookie: phone })).statusCode).toBe(200);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { organizationEventsPath } from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { requestSignInToken } from '../../test/auth';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call } from '../../test/http';
import { createToken } from './service';

/** The raw Set-Cookie lines of a response. */
function setCookieLines(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** The attributes of the one session cookie a response sets, lowercased names. */
function sessionCookieOf(response: LightMyRequestResponse) {
  const lines = setCookieLines(response).filter((line) => line.startsWith('dash_session='));
  expect(lines, `one session cookie in ${JSON.stringify(response.headers['set-cookie'])}`).toHaveLength(1);
  const [pair = '', ...attributes] = (lines[0] as string).split(';').map((part) => part.trim());
  const flags = new Map(
    attributes.map((attribute) => {
      const [name = '', value = ''] = attribute.split('=');
      return [name.toLowerCase(), value] as const;
    }),
  );
  return { value: pair.slice('dash_session='.length), flags };
}

function expectFlags(flags: Map<string, string>, production: boolean) {
  expect(flags.has('httponly')).toBe(true);
  expect(flags.get('samesite')?.toLowerCase()).toBe('lax');
  expect(flags.get('path')).toBe('/');
  expect(flags.has('secure')).toBe(production);
}

async function arrange(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  // The read cache on, as main.ts runs it: ending access must not wait for a cached answer.
  return createTestApp(overrides, { cacheReads: true });
}

describe('sessions', () => {
  it('ignores a session id the server did not issue, and signs in with a fresh one', async () => {
    const testApp = await arrange();
    const { app } = testApp;
    // A well-formed value an attacker planted in the browser before the victim signs in.
    const planted = `dash_session=${createToken()}`;
    expect((await call(app, 'GET', '/me', { cookie: planted })).statusCode).toBe(401);

    const token = await requestSignInToken(app, 'victim@example.com');
    const verified = await call(app, 'POST', `/auth/${token}`, { cookie: planted, body: {} });
    expect(verified.statusCode, verified.body).toBe(200);
    const issued = sessionCookieOf(verified);
    expect(`dash_session=${issued.value}`).not.toBe(planted);
    expect(issued.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The planted id opens nothing, before or after; the issued one does.
    expect((await call(app, 'GET', '/me', { cookie: planted })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/me', { cookie: `dash_session=${issued.value}` })).statusCode).toBe(200);
    // Only a hash is stored: the cookie value is not a key of the sessions table.
    const stored = await testApp.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(issued.value);
  });

  it('ends access at once on sign-out, though the answers were cached', async () => {
    const testApp = await arrange();
    const { app } = testApp;
    const admin = await signInUser(app);
    const organization = await createOrganization(testApp, admin.cookie);
    const read = () =>
      call(app, 'GET', '/organization', { cookie: admin.cookie, organization: organization.uid });
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    expect((await call(app, 'GET', '/me', { cookie: admin.cookie })).statusCode).toBe(200);

    expect((await call(app, 'POST', '/auth/sign-out', { cookie: admin.cookie })).statusCode).toBe(204);
    expect((await read()).statusCode).toBe(401);
    expect((await call(app, 'GET', '/me', { cookie: admin.cookie })).statusCode).toBe(401);
  });

  it('ends access at once when a member is removed, though the answers were cached', async () => {
    const testApp = await arrange();
    const { app } = testApp;
    const admin = await signInUser(app);
    const organization = await createOrganization(testApp, admin.cookie);
    const editor = await addMember(testApp, organization.uid, 'Editor');
    const read = () =>
      call(app, 'GET', '/organization', { cookie: editor.cookie, organization: organization.uid });
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);

    const removed = await call(app, 'DELETE', `/organization/users/${editor.uid}`, {
      cookie: admin.cookie,
      organization: organization.uid,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await read()).statusCode).toBe(404);
  });

  it('ends an open event stream at the next event once its caller signed out or was removed, and sends it nothing', async () => {
    const testApp = await arrange();
    const { app } = testApp;
    const admin = await signInUser(app);
    const organization = await createOrganization(testApp, admin.cookie);
    const viewer = await addMember(testApp, organization.uid, 'Viewer');
    const watcher = await addMember(testApp, organization.uid, 'Viewer');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    /** An open stream: what it received, and whether the server ended it. */
    async function open(cookie: string) {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path: organizationEventsPath(organization.uid), headers: { cookie } },
            resolve,
          )
          .on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      const stream = { text: '', ended: false };
      response.on('data', (chunk: Buffer) => {
        stream.text += chunk.toString('utf8');
      });
      response.on('end', () => {
        stream.ended = true;
      });
      return stream;
    }
    const signedOut = await open(viewer.cookie);
    const removed = await open(watcher.cookie);
    const staying = await open(admin.cookie);
    await expect.poll(() => app.events.subscriberCount(organization.uid)).toBe(3);

    expect((await call(app, 'POST', '/auth/sign-out', { cookie: viewer.cookie })).statusCode).toBe(204);
    const removal = await call(app, 'DELETE', `/organization/users/${watcher.uid}`, {
      cookie: admin.cookie,
      organization: organization.uid,
    });
    expect(removal.statusCode, removal.body).toBe(204);
    await app.events.publish(organization.uid, { type: 'kyb.updated' });

    await expect.poll(() => staying.text).toContain('"kyb.updated"');
    await expect.poll(() => signedOut.ended && removed.ended).toBe(true);
    expect(signedOut.text).not.toContain('data:');
    expect(removed.text).not.toContain('data:');
    expect(staying.ended).toBe(false);
    expect(app.events.subscriberCount(organization.uid)).toBe(1);
  });

  for (const production of [false, true]) {
    it(`keeps the session cookie's flags on every response that sets it (${production ? 'production' : 'development'})`, async () => {
      const testApp = await arrange(production ? { nodeEnv: 'production' } : {});
      const { app, db } = testApp;
      const token = await requestSignInToken(app, 'flags@example.com');
      const verified = await call(app, 'POST', `/auth/${token}`, { body: {} });
      expect(verified.statusCode).toBe(200);
      const issued = sessionCookieOf(verified);
      expectFlags(issued.flags, production);
      expect(Number(issued.flags.get('max-age'))).toBeGreaterThan(0);
      const cookie = `dash_session=${issued.value}`;

      // Sliding expiry: a session last extended two days ago is extended, and its cookie sent again.
      await db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 days'` });
      const extended = await call(app, 'GET', '/me', { cookie });
      expect(extended.statusCode).toBe(200);
      const renewed = sessionCookieOf(extended);
      expect(renewed.value).toBe(issued.value);
      expectFlags(renewed.flags, production);

      // The same on an organization-scoped answer.
      const organization = await createOrganization(testApp, cookie);
      await db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 days'` });
      const scoped = await call(app, 'GET', '/organization', { cookie, organization: organization.uid });
      expect(scoped.statusCode).toBe(200);
      expectFlags(sessionCookieOf(scoped).flags, production);

      const signedOut = await call(app, 'POST', '/auth/sign-out', { cookie });
      const cleared = sessionCookieOf(signedOut);
      expect(cleared.value).toBe('');
      expectFlags(cleared.flags, production);
    });
  }
});

import { ZMeResponse, ZMyOrganizationsResponse } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createOrganization } from '../../test/factories';
import { call, errorOf } from '../../test/http';

describe('GET /me', () => {
  it('describes the signed-in user as a user session', async () => {
    const { app, db } = await createTestApp();
    const cookie = await signIn(app, 'ada@example.com');
    const [user] = await db.select().from(users);

    const response = await call(app, 'GET', '/me', { cookie });

    expect(response.statusCode).toBe(200);
    expect(ZMeResponse.parse(response.json())).toEqual({
      data: {
        uid: user?.uid,
        email: 'ada@example.com',
        firstName: '',
        lastName: '',
        locale: null,
        type: 'user',
      },
    });
  });

  it('is 401 UNAUTHENTICATED without a session, with a forged one, and with a malformed one', async () => {
    const { app } = await createTestApp();
    for (const cookie of [undefined, `dash_session=${'A'.repeat(43)}`, 'dash_session=%%%', 'other=1']) {
      const response = await call(app, 'GET', '/me', cookie === undefined ? {} : { cookie });
      expect(errorOf(response)).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
        message: 'Sign in to continue.',
      });
    }
  });
});

describe('GET /me/organizations', () => {
  it('lists the organizations the user belongs to, by name, each with their role', async () => {
    const testApp = await createTestApp();
    const { app } = testApp;
    const cookie = await signIn(app, 'ada@example.com');
    // Slugs run opposite to names, so only ordering by name passes.
    const zulu = await createOrganization(testApp, cookie, { name: 'Zulu Payments', slug: 'a-zulu' });
    const alpha = await createOrganization(testApp, cookie, {
      name: 'Alpha Rails',
      slug: 'c-alpha',
      role: 'Viewer',
    });
    const mid = await createOrganization(testApp, cookie, {
      name: 'Mid Treasury',
      slug: 'b-mid',
      role: 'Editor',
    });
    // Someone else's organization is not listed.
    await createOrganization(testApp, await signIn(app, 'grace@example.com'), { name: 'Beta', slug: 'beta' });

    const response = await call(app, 'GET', '/me/organizations', { cookie });

    expect(response.statusCode).toBe(200);
    const { data } = ZMyOrganizationsResponse.parse(response.json());
    expect(data.map(({ slug, role }) => ({ slug, role }))).toEqual([
      { slug: 'c-alpha', role: 'Viewer' },
      { slug: 'b-mid', role: 'Editor' },
      { slug: 'a-zulu', role: 'Admin' },
    ]);
    expect(data[2]).toEqual(zulu);
    expect(data.map((organization) => organization.uid)).toEqual([alpha.uid, mid.uid, zulu.uid]);
  });

  it('is an empty list for a new user and 401 without a session', async () => {
    const { app } = await createTestApp();
    const cookie = await signIn(app, 'ada@example.com');
    expect((await call(app, 'GET', '/me/organizations', { cookie })).json()).toEqual({ data: [] });
    expect((await call(app, 'GET', '/me/organizations')).statusCode).toBe(401);
  });
});

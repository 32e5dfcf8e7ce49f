import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { sessions } from '../db/schema';
import { testConfig } from '../test/app';
import { signIn } from '../test/auth';
import { emptyTestDatabase } from '../test/database';
import { createOrganization, uniqueEmail } from '../test/factories';
import { call, errorOf } from '../test/http';
import { approveOrganization } from '../test/providers';
import {
  ORGANIZATION_NOT_APPROVED_MESSAGE,
  requireApprovedOrganization,
  requireOrganization,
  requireUser,
} from './guards';

/** An app with one extra endpoint that asks for the user first and the organization second. */
async function appWithUserThenOrganizationRoute() {
  const config = testConfig();
  const { db } = await emptyTestDatabase();
  const app = await buildApp({ config, db });
  app.get('/api/v0/test/user-then-organization', async (request) => {
    const user = await requireUser(request);
    const { organization } = await requireOrganization(request, 'organization.update');
    return { user: user.email, organization: organization.slug };
  });
  onTestFinished(() => app.close());
  await app.ready();
  return { app, db, config };
}

describe('requireOrganization', () => {
  it('works the same when the session was already looked up by requireUser', async () => {
    const testApp = await appWithUserThenOrganizationRoute();
    const { app } = testApp;
    const cookie = await signIn(app, 'ada@example.com');
    const mine = await createOrganization(testApp, cookie, { slug: 'mine' });
    const viewed = await createOrganization(testApp, cookie, { slug: 'viewed', role: 'Viewer' });
    const theirs = await createOrganization(testApp, await signIn(app, uniqueEmail()), { slug: 'theirs' });
    const ask = (organization: string) =>
      call(app, 'GET', '/test/user-then-organization', { cookie, organization });

    expect((await ask(mine.uid)).json()).toEqual({ user: 'ada@example.com', organization: 'mine' });
    expect(errorOf(await ask(viewed.uid))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(errorOf(await ask(theirs.uid))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('slides the session on organization-scoped requests too', async () => {
    const testApp = await appWithUserThenOrganizationRoute();
    const { app, db } = testApp;
    const cookie = await signIn(app, 'ada@example.com');
    const organization = await createOrganization(testApp, cookie);
    await db.update(sessions).set({ lastSeenAt: sql`now() - interval '2 days'` });

    const first = await call(app, 'GET', '/organization', { cookie, organization: organization.uid });
    const second = await call(app, 'GET', '/organization', { cookie, organization: organization.uid });

    expect(first.statusCode).toBe(200);
    expect(first.cookies[0]).toMatchObject({ name: 'dash_session', maxAge: 30 * 24 * 60 * 60 });
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('is 401 for an expired session even with a valid organization header', async () => {
    const testApp = await appWithUserThenOrganizationRoute();
    const { app, db } = testApp;
    const cookie = await signIn(app, 'ada@example.com');
    const organization = await createOrganization(testApp, cookie);
    await db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });

    const response = await call(app, 'GET', '/organization', { cookie, organization: organization.uid });

    expect(errorOf(response)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('requireApprovedOrganization', () => {
  it('refuses a member of an organization that is not Approved with 403 and a clear message', async () => {
    const config = testConfig();
    const { db } = await emptyTestDatabase();
    const app = await buildApp({ config, db });
    app.get('/api/v0/test/approved-only', async (request) => {
      const { organization } = await requireApprovedOrganization(request, 'rails.read');
      return { organization: organization.slug };
    });
    onTestFinished(() => app.close());
    await app.ready();
    const testApp = { app, db, config };
    const cookie = await signIn(app, uniqueEmail());
    const pending = await createOrganization(testApp, cookie, { slug: `pending-${Date.now()}` });
    const approved = await createOrganization(testApp, cookie, { slug: `approved-${Date.now()}` });
    await approveOrganization(db, approved.uid);
    const ask = (organization: string) => call(app, 'GET', '/test/approved-only', { cookie, organization });

    expect(errorOf(await ask(pending.uid))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: ORGANIZATION_NOT_APPROVED_MESSAGE,
    });
    expect((await ask(approved.uid)).json()).toEqual({ organization: approved.slug });
  });
});

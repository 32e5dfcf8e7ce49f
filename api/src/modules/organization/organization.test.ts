import {
  ORGANIZATION_SLUG_FORMAT,
  ORGANIZATION_SLUG_TOO_LONG,
  PERMISSION_DENIED_MESSAGE,
  ZOrganizationResponse,
} from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, organizations } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { signIn } from '../../test/auth';
import { createOrganization } from '../../test/factories';
import { call, errorOf } from '../../test/http';

describe('POST /organization', () => {
  it('creates a Pending organization with its creator as Admin', async () => {
    const { app, db } = await createTestApp();
    const cookie = await signIn(app, 'ada@example.com');

    const response = await call(app, 'POST', '/organization', {
      cookie,
      body: { name: '  Acme Payments ', slug: 'acme-payments' },
    });

    expect(response.statusCode).toBe(201);
    const { data } = ZOrganizationResponse.parse(response.json());
    expect(data).toMatchObject({
      name: 'Acme Payments',
      slug: 'acme-payments',
      avatar: null,
      role: 'Admin',
      approvalStatus: 'Pending',
    });
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
    const rows = await db.select().from(memberships).where(eq(memberships.organizationUid, data.uid));
    expect(rows).toEqual([expect.objectContaining({ role: 'Admin' })]);
    const listed = await call(app, 'GET', '/me/organizations', { cookie });
    expect(listed.json().data).toEqual([data]);
  });

  it('refuses a taken slug with 409 CONFLICT and a slug field message', async () => {
    const testApp = await createTestApp();
    const { app, db } = testApp;
    await createOrganization(testApp, await signIn(app, 'grace@example.com'), { slug: 'acme' });
    const cookie = await signIn(app, 'ada@example.com');

    const response = await call(app, 'POST', '/organization', {
      cookie,
      body: { name: 'Acme', slug: 'acme' },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        requestId: response.headers['x-request-id'],
        code: 'CONFLICT',
        message: 'This slug is already taken',
        messageCode: 'messages.slugTaken',
        fields: { slug: 'This slug is already taken' },
        fieldCodes: { slug: { code: 'messages.slugTaken' } },
      },
    });
    expect(await db.select().from(organizations)).toHaveLength(1);
  });

  it('creates exactly one organization and one membership when two people race for a slug', async () => {
    const { app, db } = await createTestApp();
    const ada = await signIn(app, 'ada@example.com');
    const grace = await signIn(app, 'grace@example.com');

    const answers = await Promise.all(
      [ada, grace].map((cookie) =>
        call(app, 'POST', '/organization', { cookie, body: { name: 'X', slug: 'x' } }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await db.select().from(organizations)).toHaveLength(1);
    expect(await db.select().from(memberships)).toHaveLength(1);
  });

  it('explains each invalid field with the shared messages', async () => {
    const { app } = await createTestApp();
    const cookie = await signIn(app, 'ada@example.com');
    const create = (body: unknown) => call(app, 'POST', '/organization', { cookie, body });

    expect((await create({ name: 'Acme', slug: 'a'.repeat(49) })).json().error.fields).toEqual({
      slug: ORGANIZATION_SLUG_TOO_LONG,
    });
    expect((await create({ name: 'Acme', slug: '-acme' })).json().error.fields).toEqual({
      slug: ORGANIZATION_SLUG_FORMAT,
    });
    expect((await create({ name: 'x'.repeat(33), slug: 'acme' })).json().error.fields).toEqual({
      name: 'Organization name must be less than 32 characters',
    });
    expect((await create({ name: 7, slug: ['acme'] })).statusCode).toBe(400);
    const extra = await create({ name: 'Acme', slug: 'acme', approvalStatus: 'Approved' });
    expect(errorOf(extra)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(extra.json().error.fields).toEqual({ approvalStatus: 'Unknown field' });
    expect((await call(app, 'GET', '/me/organizations', { cookie })).json()).toEqual({ data: [] });
  });

  it('needs a session, checked before the body', async () => {
    const { app } = await createTestApp();
    const response = await call(app, 'POST', '/organization', { body: { name: 'Acme' } });
    expect(errorOf(response)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('GET /organization', () => {
  it('returns the organization named by the header, with the member role', async () => {
    const testApp = await createTestApp();
    const cookie = await signIn(testApp.app, 'ada@example.com');
    const organization = await createOrganization(testApp, cookie, { role: 'Viewer' });

    const response = await call(testApp.app, 'GET', '/organization', {
      cookie,
      organization: organization.uid,
    });

    expect(response.statusCode).toBe(200);
    expect(ZOrganizationResponse.parse(response.json()).data).toEqual(organization);
  });

  it('is 404 for a non-member and for an unknown organization, so neither can be told apart', async () => {
    const testApp = await createTestApp();
    const { app } = testApp;
    const theirs = await createOrganization(testApp, await signIn(app, 'grace@example.com'));
    const cookie = await signIn(app, 'ada@example.com');

    for (const uid of [theirs.uid, '0b7c6a52-6a3e-4a5c-9d0e-8f8f8f8f8f8f']) {
      const response = await call(app, 'GET', '/organization', { cookie, organization: uid });
      expect(errorOf(response)).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: 'Organization not found',
      });
    }
  });

  it('is 400 when the organization header is missing or not a uuid', async () => {
    const { app } = await createTestApp();
    const cookie = await signIn(app, 'ada@example.com');

    const missing = await call(app, 'GET', '/organization', { cookie });
    expect(errorOf(missing)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(missing.json().error.fields).toEqual({ 'x-organization-uid': 'Organization header is required' });

    for (const bad of ['acme', '1234', "' or 1=1 --"]) {
      const response = await call(app, 'GET', '/organization', { cookie, organization: bad });
      expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION' });
      expect(response.json().error.fields).toEqual({ 'x-organization-uid': 'Invalid identifier' });
    }
  });

  it('is 401 without a session, whatever the header', async () => {
    const { app } = await createTestApp();
    const response = await call(app, 'GET', '/organization', { organization: 'not-a-uuid' });
    expect(errorOf(response)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('PATCH /organization', () => {
  it('lets an Admin rename the organization and change its slug', async () => {
    const testApp = await createTestApp();
    const cookie = await signIn(testApp.app, 'ada@example.com');
    const organization = await createOrganization(testApp, cookie, { name: 'Old', slug: 'old' });

    const response = await call(testApp.app, 'PATCH', '/organization', {
      cookie,
      organization: organization.uid,
      body: { name: 'New Name', slug: 'new-name' },
    });

    expect(response.statusCode).toBe(200);
    expect(ZOrganizationResponse.parse(response.json()).data).toEqual({
      ...organization,
      name: 'New Name',
      slug: 'new-name',
    });
    const read = await call(testApp.app, 'GET', '/organization', { cookie, organization: organization.uid });
    expect(read.json().data.slug).toBe('new-name');
  });

  it('changes only what is sent, and refuses an empty change', async () => {
    const testApp = await createTestApp();
    const cookie = await signIn(testApp.app, 'ada@example.com');
    const organization = await createOrganization(testApp, cookie, { name: 'Acme', slug: 'acme' });
    const patch = (body: unknown) =>
      call(testApp.app, 'PATCH', '/organization', { cookie, organization: organization.uid, body });

    expect((await patch({ name: 'Acme Two' })).json().data).toMatchObject({ name: 'Acme Two', slug: 'acme' });
    expect((await patch({ slug: 'acme' })).statusCode).toBe(200);
    expect(errorOf(await patch({}))).toEqual({
      status: 400,
      code: 'VALIDATION',
      message: 'Nothing to update: send a name or a slug',
    });
  });

  it('refuses a slug another organization has with 409 and fields.slug', async () => {
    const testApp = await createTestApp();
    const cookie = await signIn(testApp.app, 'ada@example.com');
    await createOrganization(testApp, cookie, { slug: 'taken' });
    const mine = await createOrganization(testApp, cookie, { slug: 'mine' });

    const response = await call(testApp.app, 'PATCH', '/organization', {
      cookie,
      organization: mine.uid,
      body: { slug: 'taken' },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      fields: { slug: 'This slug is already taken' },
    });
    const read = await call(testApp.app, 'GET', '/organization', { cookie, organization: mine.uid });
    expect(read.json().data.slug).toBe('mine');
  });

  it.each(['Viewer', 'Editor'] as const)('refuses a %s with 403 and the permission message', async (role) => {
    const testApp = await createTestApp();
    const cookie = await signIn(testApp.app, 'ada@example.com');
    const organization = await createOrganization(testApp, cookie, { name: 'Acme', role });

    const response = await call(testApp.app, 'PATCH', '/organization', {
      cookie,
      organization: organization.uid,
      body: { name: 'Hijacked' },
    });

    expect(errorOf(response)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: PERMISSION_DENIED_MESSAGE['organization.update'],
    });
    const read = await call(testApp.app, 'GET', '/organization', { cookie, organization: organization.uid });
    expect(read.json().data.name).toBe('Acme');
  });

  it('is 404 for a non-member', async () => {
    const testApp = await createTestApp();
    const theirs = await createOrganization(testApp, await signIn(testApp.app, 'grace@example.com'));
    const cookie = await signIn(testApp.app, 'ada@example.com');

    const response = await call(testApp.app, 'PATCH', '/organization', {
      cookie,
      organization: theirs.uid,
      body: { name: 'Mine now' },
    });

    expect(errorOf(response)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

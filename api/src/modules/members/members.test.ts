import {
  LAST_ADMIN_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  ROLE_REQUIRED,
  ZMyOrganizationsResponse,
  ZOrganizationUserResponse,
  ZOrganizationUsersResponse,
} from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';

async function organizationWithAdmin() {
  const testApp = await createTestApp();
  const admin = await signInUser(testApp.app, 'ada@example.com');
  const organization = await createOrganization(testApp, admin.cookie, { name: 'Acme' });
  const as = (cookie: string) => ({ cookie, organization: organization.uid });
  return { testApp, app: testApp.app, admin, organization, as };
}

describe('GET /organization/users', () => {
  it('lists every member with name, e-mail and role, founder first', async () => {
    const { testApp, app, admin, organization, as } = await organizationWithAdmin();
    await call(app, 'PUT', '/profile', {
      cookie: admin.cookie,
      body: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    const viewer = await addMember(testApp, organization.uid, 'Viewer', 'grace@example.com');

    const response = await call(app, 'GET', '/organization/users', as(viewer.cookie));

    expect(response.statusCode).toBe(200);
    expect(ZOrganizationUsersResponse.parse(response.json()).data).toEqual([
      { uid: admin.uid, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'Admin' },
      { uid: viewer.uid, firstName: '', lastName: '', email: 'grace@example.com', role: 'Viewer' },
    ]);
  });
});

describe('PATCH /organization/users/{userUid}', () => {
  it('changes a member role, which the member then holds everywhere', async () => {
    const { testApp, app, admin, organization, as } = await organizationWithAdmin();
    const member = await addMember(testApp, organization.uid, 'Editor');

    const response = await call(app, 'PATCH', `/organization/users/${member.uid}`, {
      ...as(admin.cookie),
      body: { role: 'Viewer' },
    });

    expect(ZOrganizationUserResponse.parse(response.json()).data).toMatchObject({
      uid: member.uid,
      role: 'Viewer',
    });
    const theirs = ZMyOrganizationsResponse.parse(
      (await call(app, 'GET', '/me/organizations', { cookie: member.cookie })).json(),
    ).data;
    expect(theirs.map(({ uid, role }) => ({ uid, role }))).toEqual([
      { uid: organization.uid, role: 'Viewer' },
    ]);
  });

  it('refuses to demote the last Admin, and allows it once there is another', async () => {
    const { testApp, app, admin, organization, as } = await organizationWithAdmin();
    const demote = () =>
      call(app, 'PATCH', `/organization/users/${admin.uid}`, {
        ...as(admin.cookie),
        body: { role: 'Editor' },
      });

    expect(errorOf(await demote())).toEqual({ status: 409, code: 'CONFLICT', message: LAST_ADMIN_MESSAGE });

    await addMember(testApp, organization.uid, 'Admin');
    expect((await demote()).statusCode).toBe(200);
  });

  it('lets the last Admin "change" to Admin (no change) and refuses a role that does not exist', async () => {
    const { app, admin, as } = await organizationWithAdmin();
    const same = await call(app, 'PATCH', `/organization/users/${admin.uid}`, {
      ...as(admin.cookie),
      body: { role: 'Admin' },
    });
    expect(same.statusCode).toBe(200);

    const bad = await call(app, 'PATCH', `/organization/users/${admin.uid}`, {
      ...as(admin.cookie),
      body: { role: 'Owner' },
    });
    expect(errorOf(bad)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(bad.json().error.fields).toEqual({ role: ROLE_REQUIRED });
  });

  it('is 404 for someone who is not a member, and 400 for a uid that is not one', async () => {
    const { app, admin, as } = await organizationWithAdmin();
    const outsider = await signInUser(app);
    const response = await call(app, 'PATCH', `/organization/users/${outsider.uid}`, {
      ...as(admin.cookie),
      body: { role: 'Viewer' },
    });
    expect(errorOf(response)).toEqual({ status: 404, code: 'NOT_FOUND', message: MEMBER_NOT_FOUND_MESSAGE });
    const malformed = await call(app, 'PATCH', '/organization/users/nope', {
      ...as(admin.cookie),
      body: { role: 'Viewer' },
    });
    expect(errorOf(malformed)).toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('keeps one Admin when two Admins demote each other at the same time', async () => {
    const { testApp, app, admin, organization, as } = await organizationWithAdmin();
    const other = await addMember(testApp, organization.uid, 'Admin');

    const answers = await Promise.all([
      call(app, 'PATCH', `/organization/users/${other.uid}`, {
        ...as(admin.cookie),
        body: { role: 'Viewer' },
      }),
      call(app, 'PATCH', `/organization/users/${admin.uid}`, {
        ...as(other.cookie),
        body: { role: 'Viewer' },
      }),
    ]);

    // One wins; the other is refused, as the last Admin (409) or, once demoted, as a non-Admin (403).
    const [won, refused] = answers.map((answer) => answer.statusCode).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(refused);
    const users = ZOrganizationUsersResponse.parse(
      (await call(app, 'GET', '/organization/users', as(admin.cookie))).json(),
    ).data;
    expect(users.filter((user) => user.role === 'Admin')).toHaveLength(1);
  });
});

describe('DELETE /organization/users/{userUid}', () => {
  it('removes a member, who loses access to the organization', async () => {
    const { testApp, app, admin, organization, as } = await organizationWithAdmin();
    const member = await addMember(testApp, organization.uid, 'Editor');

    expect(
      (await call(app, 'DELETE', `/organization/users/${member.uid}`, as(admin.cookie))).statusCode,
    ).toBe(204);

    expect(errorOf(await call(app, 'GET', '/organization', as(member.cookie)))).toMatchObject({
      status: 404,
    });
    const users = (await call(app, 'GET', '/organization/users', as(admin.cookie))).json().data;
    expect(users.map((user: { uid: string }) => user.uid)).toEqual([admin.uid]);
  });

  it('refuses to remove the last Admin', async () => {
    const { app, admin, as } = await organizationWithAdmin();
    const response = await call(app, 'DELETE', `/organization/users/${admin.uid}`, as(admin.cookie));
    expect(errorOf(response)).toEqual({ status: 409, code: 'CONFLICT', message: LAST_ADMIN_MESSAGE });
  });
});

describe('POST /organization/leave', () => {
  it('lets a Viewer leave: the organization leaves their list', async () => {
    const { testApp, app, organization, as } = await organizationWithAdmin();
    const viewer = await addMember(testApp, organization.uid, 'Viewer');

    expect((await call(app, 'POST', '/organization/leave', as(viewer.cookie))).statusCode).toBe(204);

    expect((await call(app, 'GET', '/me/organizations', { cookie: viewer.cookie })).json()).toEqual({
      data: [],
    });
  });

  it('refuses the last Admin with 409 and the reason, even when they are the only member', async () => {
    const { testApp, app, admin, organization, as } = await organizationWithAdmin();

    expect(errorOf(await call(app, 'POST', '/organization/leave', as(admin.cookie)))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: LAST_ADMIN_MESSAGE,
    });

    await addMember(testApp, organization.uid, 'Editor');
    expect(errorOf(await call(app, 'POST', '/organization/leave', as(admin.cookie)))).toMatchObject({
      status: 409,
    });
  });

  it('lets an Admin leave when another Admin stays', async () => {
    const { testApp, app, admin, organization, as } = await organizationWithAdmin();
    await addMember(testApp, organization.uid, 'Admin');
    expect((await call(app, 'POST', '/organization/leave', as(admin.cookie))).statusCode).toBe(204);
  });
});

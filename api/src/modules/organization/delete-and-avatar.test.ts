import {
  AVATAR_TOO_LARGE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  DELETE_CONFIRMATION_MESSAGE,
  ZOrganizationResponse,
} from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations, memberships, organizationAvatars, organizations } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { GIF, JPEG, multipartBody, PNG, uploadAvatar, WEBP } from '../../test/multipart';

async function organizationWithAdmin() {
  const testApp = await createTestApp();
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie, { slug: 'acme' });
  return { testApp, app: testApp.app, db: testApp.db, admin, organization };
}

describe('DELETE /organization', () => {
  it('deletes the organization with its memberships and invitations once the slug is typed', async () => {
    const { testApp, app, db, admin, organization } = await organizationWithAdmin();
    const viewer = await addMember(testApp, organization.uid, 'Viewer');
    await call(app, 'POST', '/organization/invitations', {
      cookie: admin.cookie,
      organization: organization.uid,
      body: { email: 'someone@example.com', role: 'Editor' },
    });
    await uploadAvatar(app, { cookie: admin.cookie, organization: organization.uid });

    const response = await call(app, 'DELETE', '/organization', {
      cookie: admin.cookie,
      organization: organization.uid,
      body: { slug: 'acme' },
    });

    expect(response.statusCode).toBe(204);
    expect(await db.select().from(organizations)).toEqual([]);
    expect(await db.select().from(memberships)).toEqual([]);
    expect(await db.select().from(invitations)).toEqual([]);
    expect(await db.select().from(organizationAvatars)).toEqual([]);
    expect((await call(app, 'GET', '/me/organizations', { cookie: viewer.cookie })).json()).toEqual({
      data: [],
    });
  });

  it('refuses a wrong or missing confirmation and keeps the organization', async () => {
    const { app, db, admin, organization } = await organizationWithAdmin();
    for (const body of [{ slug: 'acme-typo' }, {}]) {
      const response = await call(app, 'DELETE', '/organization', {
        cookie: admin.cookie,
        organization: organization.uid,
        body,
      });
      expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION' });
      expect(response.json().error.fields).toEqual({ slug: DELETE_CONFIRMATION_MESSAGE });
    }
    expect(await db.select().from(organizations).where(eq(organizations.uid, organization.uid))).toHaveLength(
      1,
    );
  });
});

describe('POST /organization/avatar', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
  ])(
    'stores a %s and serves it to members from the organization avatar URL',
    async (_type, file, contentType) => {
      const { testApp, app, admin, organization } = await organizationWithAdmin();
      // A misleading file name and part type do not matter: the bytes decide.
      const response = await uploadAvatar(app, {
        cookie: admin.cookie,
        organization: organization.uid,
        file,
        filename: 'logo.gif',
      });

      expect(response.statusCode, response.body).toBe(200);
      const { data } = ZOrganizationResponse.parse(response.json());
      expect(data.avatar).toMatch(
        new RegExp(`^/api/v0/organization-avatars/${organization.uid}\\?v=[0-9a-f]{16}$`),
      );
      const listed = (await call(app, 'GET', '/me/organizations', { cookie: admin.cookie })).json().data;
      expect(listed[0].avatar).toBe(data.avatar);

      const viewer = await addMember(testApp, organization.uid, 'Viewer');
      const image = await app.inject({
        method: 'GET',
        url: data.avatar ?? '',
        headers: { cookie: viewer.cookie },
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(contentType);
      expect(image.headers['cache-control']).toBe('private, max-age=86400');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(file)).toBe(true);
    },
  );

  it('changes the URL when the image changes, so caches pick up the new one', async () => {
    const { app, admin, organization } = await organizationWithAdmin();
    const first = await uploadAvatar(app, {
      cookie: admin.cookie,
      organization: organization.uid,
      file: PNG,
    });
    const second = await uploadAvatar(app, {
      cookie: admin.cookie,
      organization: organization.uid,
      file: JPEG,
    });
    expect(second.json().data.avatar).not.toBe(first.json().data.avatar);
    const image = await app.inject({
      method: 'GET',
      url: second.json().data.avatar,
      headers: { cookie: admin.cookie },
    });
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses another image type with 415 and the avatar message under the field', async () => {
    const { app, db, admin, organization } = await organizationWithAdmin();
    for (const file of [GIF, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')]) {
      const response = await uploadAvatar(app, {
        cookie: admin.cookie,
        organization: organization.uid,
        file,
      });
      expect(response.json()).toEqual({
        error: {
          requestId: response.headers['x-request-id'],
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: AVATAR_TYPE_MESSAGE,
          messageCode: 'messages.avatarType',
          fields: { avatar: AVATAR_TYPE_MESSAGE },
          fieldCodes: { avatar: { code: 'messages.avatarType' } },
        },
      });
      expect(response.statusCode).toBe(415);
    }
    expect(await db.select().from(organizationAvatars)).toEqual([]);
  });

  it('refuses an image over 2 MB with 413, and takes one of exactly 2 MB', async () => {
    const { app, admin, organization } = await organizationWithAdmin();
    const sized = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);

    const tooLarge = await uploadAvatar(app, {
      cookie: admin.cookie,
      organization: organization.uid,
      file: sized(2 * 1024 * 1024 + 1),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toEqual({
      requestId: tooLarge.headers['x-request-id'],
      code: 'PAYLOAD_TOO_LARGE',
      message: AVATAR_TOO_LARGE_MESSAGE,
      messageCode: 'messages.avatarTooLarge',
      fields: { avatar: AVATAR_TOO_LARGE_MESSAGE },
      fieldCodes: { avatar: { code: 'messages.avatarTooLarge' } },
    });

    const exact = await uploadAvatar(app, {
      cookie: admin.cookie,
      organization: organization.uid,
      file: sized(2 * 1024 * 1024),
    });
    expect(exact.statusCode).toBe(200);
  });

  it('needs the file in the field "avatar", sent as multipart', async () => {
    const { app, admin, organization } = await organizationWithAdmin();
    const wrongField = await uploadAvatar(app, {
      cookie: admin.cookie,
      organization: organization.uid,
      field: 'logo',
    });
    expect(errorOf(wrongField)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(wrongField.json().error.fields).toEqual({ avatar: 'Choose an image to upload.' });

    const onlyText = multipartBody([{ name: 'avatar', data: 'not a file' }]);
    const text = await app.inject({
      method: 'POST',
      url: '/api/v0/organization/avatar',
      headers: {
        cookie: admin.cookie,
        'x-organization-uid': organization.uid,
        'content-type': onlyText.contentType,
      },
      payload: onlyText.payload,
    });
    expect(errorOf(text)).toMatchObject({ status: 400, code: 'VALIDATION' });

    const json = await call(app, 'POST', '/organization/avatar', {
      cookie: admin.cookie,
      organization: organization.uid,
      body: { avatar: 'data:image/png;base64,AAAA' },
    });
    expect(errorOf(json)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('keeps multipart to this route: other routes still answer 415', async () => {
    const { app } = await organizationWithAdmin();
    const form = multipartBody([{ name: 'email', data: 'ada@example.com' }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v0/auth',
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(errorOf(response)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('GET /organization-avatars/{organizationUid}', () => {
  it('is 404 for a non-member, for a malformed uid, and when there is no avatar; 401 signed out', async () => {
    const { app, admin, organization } = await organizationWithAdmin();
    const url = `/api/v0/organization-avatars/${organization.uid}`;
    expect(
      errorOf(await app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } })),
    ).toMatchObject({
      status: 404,
      message: 'This organization has no avatar.',
    });
    await uploadAvatar(app, { cookie: admin.cookie, organization: organization.uid });

    const outsider = await signInUser(app);
    const asOutsider = await app.inject({ method: 'GET', url, headers: { cookie: outsider.cookie } });
    expect(errorOf(asOutsider)).toMatchObject({ status: 404, message: 'Organization not found' });
    expect(asOutsider.headers['cache-control']).toBe('no-store');
    const malformed = await app.inject({
      method: 'GET',
      url: '/api/v0/organization-avatars/nope',
      headers: { cookie: admin.cookie },
    });
    expect(errorOf(malformed)).toMatchObject({ status: 404 });
    expect(errorOf(await app.inject({ method: 'GET', url }))).toMatchObject({ status: 401 });
  });
});

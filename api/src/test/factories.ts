import { randomBytes } from 'node:crypto';
import { type TOrganization, type TRole, ZMeResponse, ZOrganizationResponse } from '@dash/shared/contracts';
import { expect } from 'vitest';
import { memberships } from '../db/schema';
import type { TestApp } from './app';
import { signIn } from './auth';
import { call } from './http';

export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export function uniqueEmail(name = 'user'): string {
  return `${name}-${uniqueSuffix()}@example.com`;
}

/**
 * An organization the signed-in user belongs to with `role`. Admins create it through the API;
 * for other roles another user creates it and the membership is written directly (until invites exist).
 */
export async function createOrganization(
  { app, db }: TestApp,
  cookie: string,
  overrides: { name?: string; slug?: string; role?: TRole } = {},
): Promise<TOrganization> {
  const suffix = uniqueSuffix();
  const body = { name: overrides.name ?? `Org ${suffix}`, slug: overrides.slug ?? `org-${suffix}` };
  const role = overrides.role ?? 'Admin';

  const creatorCookie = role === 'Admin' ? cookie : await signIn(app, uniqueEmail('owner'));
  const created = await call(app, 'POST', '/organization', { cookie: creatorCookie, body });
  expect(created.statusCode, created.body).toBe(201);
  const organization = ZOrganizationResponse.parse(created.json()).data;
  if (role === 'Admin') return organization;

  const me = ZMeResponse.parse((await call(app, 'GET', '/me', { cookie })).json()).data;
  await db.insert(memberships).values({ organizationUid: organization.uid, userUid: me.uid, role });
  return { ...organization, role };
}

/** A signed-in user's Cookie header and uid. */
export async function signInUser(app: TestApp['app'], email = uniqueEmail()) {
  const cookie = await signIn(app, email);
  const me = ZMeResponse.parse((await call(app, 'GET', '/me', { cookie })).json()).data;
  return { cookie, uid: me.uid, email: me.email };
}

/** A new user who belongs to the organization with `role` (written directly, as an accepted invitation would). */
export async function addMember(
  { app, db }: TestApp,
  organizationUid: string,
  role: TRole,
  email = uniqueEmail(role.toLowerCase()),
) {
  const user = await signInUser(app, email);
  await db.insert(memberships).values({ organizationUid, userUid: user.uid, role });
  return user;
}

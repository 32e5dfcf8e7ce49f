import { randomBytes, randomUUID } from 'node:crypto';
import {
  type TOrganization,
  type TRole,
  ZMeResponse,
  ZOrganizationResponse,
  ZSigningDeviceChallengeResponse,
  ZSigningDeviceResponse,
} from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import {
  bankBeneficiaries,
  memberships,
  providerAccounts,
  quotes,
  registeredWallets,
  sessions,
  transfers,
  users,
} from '../db/schema';
import { createToken, hashToken } from '../modules/auth/index';
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

/**
 * A signed-in user written straight into the database: the user (found or created by e-mail) and a
 * session, the rows POST auth/{token} leaves, with the Cookie header a browser would send. For
 * suites whose subject is what a session may do, not how one is opened: two inserts instead of the
 * four requests and a mail of signInUser (the authorization matrix arranges thousands of callers).
 */
export async function signedInDirectly({ db, config }: TestApp, email = uniqueEmail()) {
  const [user] = await db
    .insert(users)
    .values({ email })
    .onConflictDoUpdate({ target: users.email, set: { email } })
    .returning({ uid: users.uid, email: users.email });
  if (!user) throw new Error(`No user for ${email}`);
  const token = createToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userUid: user.uid,
    expiresAt: sql`now() + interval '30 days'`,
  });
  return { cookie: `${config.sessionCookieName}=${token}`, uid: user.uid, email: user.email };
}

/** A member with `role` arranged directly (signedInDirectly and the membership row). */
export async function addMemberDirectly(testApp: TestApp, organizationUid: string, role: TRole) {
  const user = await signedInDirectly(testApp, uniqueEmail(role.toLowerCase()));
  await testApp.db.insert(memberships).values({ organizationUid, userUid: user.uid, role });
  return user;
}

/**
 * A signing device of `key` (a fresh one by default) registered through the API with its proof:
 * the challenge signed with personal_sign, as the browser's wallet does. Stored verified.
 */
export async function registerProvedDevice(
  app: TestApp['app'],
  cookie: string,
  {
    name = 'Ledger',
    key = privateKeyToAccount(generatePrivateKey()),
  }: { name?: string; key?: PrivateKeyAccount } = {},
) {
  const challenge = await call(app, 'POST', '/profile/signing-devices/challenges', {
    cookie,
    body: { ethAddress: key.address },
  });
  expect(challenge.statusCode, challenge.body).toBe(201);
  const { uid, message } = ZSigningDeviceChallengeResponse.parse(challenge.json()).data;
  const created = await call(app, 'POST', '/profile/signing-devices', {
    cookie,
    body: {
      name,
      ethAddress: key.address,
      proof: { challengeUid: uid, signature: await key.signMessage({ message }) },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { device: ZSigningDeviceResponse.parse(created.json()).data, key };
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

/**
 * Money written directly (no provider call) for tests about who may touch it: an Active account with
 * the provider, a used quote with its `awaiting_funds` transfer of `type`, and an expired quote.
 */
export async function insertMoney(
  db: Database,
  {
    organizationUid,
    providerUid,
    type,
  }: { organizationUid: string; providerUid: string; type: 'on_ramp' | 'off_ramp' },
): Promise<{ expiredQuoteUid: string; transferUid: string }> {
  const amounts = {
    network: 'polygon-amoy' as const,
    fiatCurrency: 'BRL',
    sourceCurrency: type === 'on_ramp' ? 'BRL' : 'testbrz',
    sourceAmount: '100',
    targetCurrency: type === 'on_ramp' ? 'testbrz' : 'BRL',
    targetAmount: '98.5',
    rate: '1',
    fee: '1.5',
    feeCurrency: 'BRL',
  };
  await db.insert(providerAccounts).values({ organizationUid, providerUid, status: 'Active' });
  const quote = (externalId: string, expiresAt: Date) =>
    db
      .insert(quotes)
      .values({ organizationUid, providerUid, type, externalId, expiresAt, ...amounts })
      .returning()
      .then(([row]) => row?.uid ?? '');
  const usedQuoteUid = await quote('quo_used', new Date());
  const expiredQuoteUid = await quote('quo_expired', new Date(Date.now() - 60_000));
  const [transfer] = await db
    .insert(transfers)
    .values({
      organizationUid,
      providerUid,
      quoteUid: usedQuoteUid,
      type,
      status: 'awaiting_funds',
      ...amounts,
    })
    .returning();
  return { expiredQuoteUid, transferUid: transfer?.uid ?? '' };
}

/** A registered wallet (Ethereum, "Treasury") and a CLABE bank beneficiary ("MX"), written directly. */
export async function insertCounterparties(
  db: Database,
  organizationUid: string,
): Promise<{ walletUid: string; bankBeneficiaryUid: string }> {
  const [wallet] = await db
    .insert(registeredWallets)
    .values({
      organizationUid,
      network: 'ethereum',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      name: 'Treasury',
    })
    .returning();
  const [beneficiary] = await db
    .insert(bankBeneficiaries)
    .values({ organizationUid, type: 'Clabe', accountKey: '002010077777777771', name: 'MX' })
    .returning();
  return { walletUid: wallet?.uid ?? '', bankBeneficiaryUid: beneficiary?.uid ?? '' };
}

/** A registered wallet on polygon-amoy (a random address), written directly. */
export async function registerWallet(db: Database, organizationUid: string, name: string) {
  const [wallet] = await db
    .insert(registeredWallets)
    .values({
      organizationUid,
      network: 'polygon-amoy',
      address: `0x${randomUUID().replaceAll('-', '').padEnd(40, '0')}`,
      name,
    })
    .returning();
  if (!wallet) throw new Error('wallet not written');
  return wallet;
}

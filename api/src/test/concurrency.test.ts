import { randomUUID } from 'node:crypto';
import {
  type TOrganization,
  type TRole,
  ZInvitationResponse,
  ZMailboxResponse,
  ZQuoteResponse,
} from '@dash/shared/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  auditEvents,
  jobs,
  ledgerEntries,
  memberships,
  organizations,
  providerAccounts,
  quotes,
  registeredWallets,
  transfers,
  users,
} from '../db/schema';
import { createTestApp } from './app';
import { TEST_DATABASE_URL } from './database';
import {
  addMember,
  createOrganization,
  registerProvedDevice,
  registerWallet,
  signInUser,
  uniqueEmail,
} from './factories';
import { call } from './http';
import { approveOrganization, createCatalogueProvider, sandboxConfig, testSandbox } from './providers';
import { balanceMismatches, writeTransfer } from './transfers';

/**
 * Races that must keep their invariant. On PostgreSQL (TEST_DATABASE_URL) the API's pool holds
 * several connections, so the requests below really run side by side in the database; on PGlite
 * they interleave at every await (one connection), which still exposes check-then-act gaps.
 */

/** A small deterministic generator, so a failing interleaving of operations can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state % below;
  };
}

const ROLES: TRole[] = ['Admin', 'Editor', 'Viewer'];
const statusesOf = (answers: LightMyRequestResponse[]) => answers.map((answer) => answer.statusCode);

describe('concurrency', () => {
  it('on PostgreSQL, runs on a pool of real parallel connections', async () => {
    const testApp = await createTestApp();
    // Five transactions each holding its session open at once: one connection could not do that.
    const pids = new Set<number>();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = 0;
    const parallel = TEST_DATABASE_URL ? 5 : 1;
    await Promise.all(
      Array.from({ length: parallel }, () =>
        testApp.db.transaction(async (tx) => {
          const result = await tx.execute(sql`select pg_backend_pid() as pid`);
          const rows = (result as unknown as { rows: { pid: number }[] }).rows;
          pids.add(Number(rows[0]?.pid));
          entered += 1;
          if (entered === parallel) release();
          await gate;
        }),
      ),
    );
    expect(pids.size).toBe(parallel);
  });

  it('50 parallel role changes, removals and departures never leave the organization without an Admin, and each was made by a current Admin', async () => {
    const testApp = await createTestApp();
    const founder = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, founder.cookie);
    const members = [{ ...founder, role: 'Admin' as TRole }];
    for (let index = 0; index < 11; index += 1) {
      const role = ROLES[index % 3] as TRole;
      members.push({ ...(await addMember(testApp, organization.uid, role)), role });
    }
    const initial = new Map(members.map((member) => [member.uid, member.role]));
    const random = seeded(13);
    const pick = () => members[random(members.length)] as (typeof members)[number];
    const as = (cookie: string) => ({ cookie, organization: organization.uid });

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => {
        const actor = pick();
        const target = pick();
        const kind = random(10);
        if (kind < 6) {
          return call(testApp.app, 'PATCH', `/organization/users/${target.uid}`, {
            ...as(actor.cookie),
            body: { role: ROLES[random(3)] },
          });
        }
        if (kind < 9)
          return call(testApp.app, 'DELETE', `/organization/users/${target.uid}`, as(actor.cookie));
        return call(testApp.app, 'POST', '/organization/leave', as(actor.cookie));
      }),
    );

    // Refusals are the product's (last Admin 409, no longer allowed 403, gone 404), never a 500.
    for (const status of statusesOf(answers)) expect([200, 204, 403, 404, 409]).toContain(status);
    const left = await testApp.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationUid, organization.uid));
    expect(left.filter((membership) => membership.role === 'Admin').length).toBeGreaterThanOrEqual(1);

    // Replaying the audit record in commit order gives the final memberships, and every role change
    // or removal was made by someone who was an Admin of the organization when it committed.
    const rows = await testApp.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.action, ['member.role_changed', 'member.removed', 'member.left']))
      .orderBy(auditEvents.id);
    const roles = new Map(initial);
    for (const row of rows) {
      if (row.action !== 'member.left') {
        expect(roles.get(row.actorUserUid ?? ''), `${row.action} by a non-Admin`).toBe('Admin');
      }
      expect(roles.get(row.subjectUid)).toBe(row.fromState);
      if (row.action === 'member.role_changed') roles.set(row.subjectUid, row.toState as TRole);
      else roles.delete(row.subjectUid);
      expect([...roles.values()]).toContain('Admin');
    }
    expect(new Map(left.map((membership) => [membership.userUid, membership.role]))).toEqual(roles);
    const changed = statusesOf(answers).filter((status) => status === 200 || status === 204).length;
    // A 200 that changed nothing (same role) writes no row.
    expect(rows.length).toBeLessThanOrEqual(changed);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('parallel slug changes, swaps included, never give two organizations one slug', async () => {
    const testApp = await createTestApp();
    const admin = await signInUser(testApp.app);
    const owned: TOrganization[] = [];
    for (let index = 0; index < 16; index += 1) owned.push(await createOrganization(testApp, admin.cookie));
    const patch = (organizationUid: string, slug: string) =>
      call(testApp.app, 'PATCH', '/organization', {
        cookie: admin.cookie,
        organization: organizationUid,
        body: { slug },
      });
    const wanted = `wanted-${randomUUID().slice(0, 8)}`;
    const pairs = Array.from({ length: 5 }, (_, index) => [owned[6 + 2 * index], owned[7 + 2 * index]]);

    const answers = await Promise.all([
      // Six organizations want one slug.
      ...owned.slice(0, 6).map((organization) => patch(organization.uid, wanted)),
      // Five pairs try to swap theirs: each waits on the other's unique index entry.
      ...pairs.flatMap(([a, b]) => (a && b ? [patch(a.uid, b.slug), patch(b.uid, a.slug)] : [])),
    ]);

    for (const status of statusesOf(answers)) expect([200, 409]).toContain(status);
    expect(statusesOf(answers.slice(0, 6)).filter((status) => status === 200)).toHaveLength(1);
    const slugs = (await testApp.db.select({ slug: organizations.slug }).from(organizations)).map(
      (row) => row.slug,
    );
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toContain(wanted);
    // Every change that answered 200 is in the log once.
    const updates = await testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'organization.updated'));
    expect(updates).toHaveLength(statusesOf(answers).filter((status) => status === 200).length);
  });

  it('parallel deploy requests start one deployment (one job, one audit row)', async () => {
    const testApp = await createTestApp();
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    const as = { cookie: admin.cookie, organization: organization.uid };
    expect(
      (await call(testApp.app, 'POST', '/wallet/signer/propose', { ...as, body: { userUid: admin.uid } }))
        .statusCode,
    ).toBe(201);
    const { device } = await registerProvedDevice(testApp.app, admin.cookie);
    await call(testApp.app, 'POST', '/wallet/signer/signing-device', {
      ...as,
      body: { signingDeviceUid: device.uid },
    });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(testApp.app, 'POST', '/wallet/deploy', { ...as, body: { threshold: 1 } }),
      ),
    );
    expect(statusesOf(answers).sort()).toEqual([202, ...Array(19).fill(409)]);
    expect(await testApp.db.select().from(jobs)).toHaveLength(1);
    expect(
      await testApp.db.select().from(auditEvents).where(eq(auditEvents.action, 'wallet.deploy_requested')),
    ).toHaveLength(1);
  });

  it('50 parallel transfer requests with one idempotency key create one transfer, one ledger posting and one audit row', async () => {
    const sandbox = await testSandbox();
    const testApp = await createTestApp(sandboxConfig(sandbox));
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    await approveOrganization(testApp.db, organization.uid);
    const provider = await createCatalogueProvider(testApp.db, { name: 'Transfero' });
    await testApp.db
      .insert(providerAccounts)
      .values({ organizationUid: organization.uid, providerUid: provider.uid, status: 'Active' });
    const [wallet] = await testApp.db
      .insert(registeredWallets)
      .values({
        organizationUid: organization.uid,
        network: 'polygon-amoy',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        name: 'Treasury',
      })
      .returning();
    const as = { cookie: admin.cookie, organization: organization.uid };
    const quoted = await call(testApp.app, 'POST', '/rails/quotes', {
      ...as,
      body: {
        providerUid: provider.uid,
        type: 'on_ramp',
        currency: 'BRL',
        network: 'polygon-amoy',
        amount: '250',
      },
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = ZQuoteResponse.parse(quoted.json()).data;
    const key = randomUUID();

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(testApp.app, 'POST', '/rails/on-ramps', {
          ...as,
          body: { quoteUid: quote.uid, walletUid: wallet?.uid },
          headers: { 'idempotency-key': key },
        }),
      ),
    );

    // The one that ran answers 201; the others replay it (201) or were told it is in flight (409).
    for (const status of statusesOf(answers)) expect([201, 409]).toContain(status);
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(new Set(created.map((answer) => answer.json().data.uid)).size).toBe(1);
    const rows = await testApp.db.select().from(transfers);
    expect(rows).toHaveLength(1);
    expect((await testApp.db.select().from(quotes).where(eq(quotes.uid, quote.uid)))[0]?.usedBy).toBe(
      rows[0]?.uid,
    );
    const lines = await testApp.db.select().from(ledgerEntries);
    expect(new Set(lines.map((line) => line.transferUid))).toEqual(new Set([rows[0]?.uid]));
    expect(
      await testApp.db.select().from(auditEvents).where(eq(auditEvents.action, 'transfer.created')),
    ).toHaveLength(1);
  });

  it('40 parallel first on-ramps and off-ramps of an organization create its ledger accounts without deadlock and move its running balances exactly', async () => {
    const testApp = await createTestApp();
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    const provider = await createCatalogueProvider(testApp.db);
    const wallet = await registerWallet(testApp.db, organization.uid, 'Treasury');
    // Each transfer in one transaction, as the service writes and settles one, so what a posting
    // locks (the ledger accounts it creates, the balances it moves) stays locked until it commits.
    // An on-ramp's lines and an off-ramp's name the same accounts in opposite orders: created one by
    // one in line order, they deadlocked here (about nine in ten of these transactions failed).
    const random = seeded(11);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        testApp.db.transaction((tx) =>
          writeTransfer(tx, organization.uid, provider.uid, {
            type: index % 2 === 0 ? 'on_ramp' : 'off_ramp',
            status:
              (['completed', 'failed', 'funds_received', 'returned'] as const)[random(4)] ?? 'completed',
            amount: `${100 + index}.25`,
            walletUid: wallet.uid,
          }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(await testApp.db.select().from(transfers)).toHaveLength(40);
    expect(await balanceMismatches(testApp.db, organization.uid)).toEqual([]);
  });

  it('50 parallel accepts of one invitation add one membership and one audit row', async () => {
    const testApp = await createTestApp();
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    const email = uniqueEmail('guest');
    const invited = await call(testApp.app, 'POST', '/organization/invitations', {
      cookie: admin.cookie,
      organization: organization.uid,
      body: { email, role: 'Editor' },
    });
    const invitation = ZInvitationResponse.parse(invited.json()).data;
    const guest = await signInUser(testApp.app, email);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(testApp.app, 'POST', `/me/invitations/${invitation.uid}/accept`, { cookie: guest.cookie }),
      ),
    );

    expect(statusesOf(answers).sort()).toEqual([200, ...Array(49).fill(410)]);
    expect(
      await testApp.db.select().from(memberships).where(eq(memberships.userUid, guest.uid)),
    ).toHaveLength(1);
    expect(
      await testApp.db.select().from(auditEvents).where(eq(auditEvents.action, 'invitation.accepted')),
    ).toHaveLength(1);
  });

  it('parallel e-mail change confirmations: one link works once, and two people never get one address', async () => {
    const testApp = await createTestApp();
    const ada = await signInUser(testApp.app);
    const grace = await signInUser(testApp.app);
    const target = uniqueEmail('shared');
    async function requestChange(cookie: string) {
      const response = await call(testApp.app, 'POST', '/profile/email-change-request', {
        cookie,
        body: { email: target },
      });
      expect(response.statusCode, response.body).toBe(202);
      const mails = ZMailboxResponse.parse(
        (await call(testApp.app, 'GET', `/dev/mailbox?to=${encodeURIComponent(target)}`)).json(),
      );
      const tokens = mails.map((mail) => new URL(mail.links[0] ?? '').searchParams.get('token') ?? '');
      const fresh = tokens.filter((token) => !seen.has(token));
      expect(fresh).toHaveLength(1);
      seen.add(fresh[0] ?? '');
      return fresh[0] ?? '';
    }
    const seen = new Set<string>();
    const adaToken = await requestChange(ada.cookie);
    const graceToken = await requestChange(grace.cookie);
    expect(adaToken).not.toBe(graceToken);

    const confirm = (token: string) =>
      call(testApp.app, 'POST', '/profile/email-change', { body: { token } });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => confirm(index % 2 === 0 ? adaToken : graceToken)),
    );

    for (const status of statusesOf(answers)) expect([200, 409, 410]).toContain(status);
    expect(statusesOf(answers).filter((status) => status === 200)).toHaveLength(1);
    const owners = await testApp.db.select().from(users).where(eq(users.email, target));
    expect(owners).toHaveLength(1);
    // The old address of the one who won heard about it once.
    const notices = ZMailboxResponse.parse((await call(testApp.app, 'GET', '/dev/mailbox')).json()).filter(
      (mail) => mail.subject === 'Your e-mail address was changed',
    );
    expect(notices).toHaveLength(1);
  });
});

import {
  NOTIFICATION_KINDS,
  type TRole,
  ZMailboxResponse,
  ZNotificationPreferencesResponse,
} from '@dash/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, jobs, kybApplications, memberships } from '../../db/schema';
import { enqueueJob } from '../../jobs/runner';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember, createOrganization, insertMoney, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { submitCompleteApplication } from '../../test/kyb';
import { createProvider, deliver } from '../../test/messages';
import { createCatalogueProvider } from '../../test/providers';
import { RETIRED_DECISION_MAIL_JOB } from '../kyb/index';
import { createOutboxMailer, type Mailer } from '../mail/index';
import { RETIRED_SIGNATURE_MAIL_JOB } from '../safe-transactions/index';
import { RETIRED_APPROVAL_MAIL_JOB } from '../transfers/index';

const preferencesOf = async (testApp: TestApp, cookie: string) =>
  ZNotificationPreferencesResponse.parse(
    (await call(testApp.app, 'GET', '/profile/notifications', { cookie })).json(),
  ).data.preferences;

const choose = (testApp: TestApp, cookie: string, preferences: { kind: string; mail: boolean }[]) =>
  call(testApp.app, 'PUT', '/profile/notifications', { cookie, body: { preferences } });

const mailsTo = async (testApp: TestApp, to: string, subject: RegExp) =>
  ZMailboxResponse.parse(
    (await call(testApp.app, 'GET', `/dev/mailbox?to=${encodeURIComponent(to)}`)).json(),
  ).filter((mail) => subject.test(mail.subject));

const setLocale = (testApp: TestApp, cookie: string, locale: string) =>
  call(testApp.app, 'PUT', '/profile', { cookie, body: { firstName: 'Ada', lastName: 'Lovelace', locale } });

/** An organization whose founder (Admin) submitted KYB, and an operator to decide it. */
async function arrangeKyb(testApp: TestApp) {
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  await submitCompleteApplication(testApp.app, { cookie: admin.cookie, organization: organization.uid });
  const operator = await signInUser(testApp.app, 'ops@example.com');
  const decide = async () => {
    const decided = await call(testApp.app, 'POST', `/ops/kyb/${organization.uid}/approve`, {
      cookie: operator.cookie,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await testApp.app.jobs.drain();
  };
  const member = (role: TRole) => addMember(testApp, organization.uid, role);
  return { admin, organization, decide, member };
}

describe('notification preferences (issue 52)', () => {
  it('are all on by default, change per kind, are kept per user and audited once per change', async () => {
    const testApp = await createTestApp();
    const ada = await signInUser(testApp.app);
    expect(await preferencesOf(testApp, ada.cookie)).toEqual(
      NOTIFICATION_KINDS.map((kind) => ({ kind, mail: true })),
    );

    const changed = await choose(testApp, ada.cookie, [
      { kind: 'provider_message', mail: false },
      { kind: 'kyb_decision', mail: true },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    const expected = NOTIFICATION_KINDS.map((kind) => ({ kind, mail: kind !== 'provider_message' }));
    expect(ZNotificationPreferencesResponse.parse(changed.json()).data.preferences).toEqual(expected);
    expect(await preferencesOf(testApp, ada.cookie)).toEqual(expected);
    // Another user's choices are their own.
    const grace = await signInUser(testApp.app);
    expect((await preferencesOf(testApp, grace.cookie)).every((preference) => preference.mail)).toBe(true);

    // Only what changed is recorded; the same choice again records nothing.
    expect((await choose(testApp, ada.cookie, [{ kind: 'provider_message', mail: false }])).statusCode).toBe(
      200,
    );
    const audit = await testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'notification_preferences.updated'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      subjectUid: ada.uid,
      organizationUid: null,
      data: { mail: { provider_message: false } },
    });
  });

  it('refuses an unknown or repeated kind and a missing choice with 400, and needs a session', async () => {
    const testApp = await createTestApp();
    const ada = await signInUser(testApp.app);
    const unknown = await choose(testApp, ada.cookie, [{ kind: 'sms', mail: true }]);
    expect(errorOf(unknown)).toMatchObject({ status: 400, code: 'VALIDATION' });
    const repeated = await choose(testApp, ada.cookie, [
      { kind: 'kyb_decision', mail: true },
      { kind: 'kyb_decision', mail: false },
    ]);
    expect(errorOf(repeated)).toMatchObject({ status: 400, code: 'VALIDATION' });
    const empty = await choose(testApp, ada.cookie, []);
    expect(errorOf(empty)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect((await call(testApp.app, 'GET', '/profile/notifications')).statusCode).toBe(401);
    expect(
      (await call(testApp.app, 'PUT', '/profile/notifications', { body: { preferences: [] } })).statusCode,
    ).toBe(401);
    expect((await preferencesOf(testApp, ada.cookie)).every((preference) => preference.mail)).toBe(true);
  });
});

describe('notification mails (issue 52)', () => {
  it('mails a KYB decision to the Admins who want it, each in their own language, and to no one else', async () => {
    const testApp = await createTestApp();
    const { admin, organization, decide, member } = await arrangeKyb(testApp);
    const portuguese = await member('Admin');
    await setLocale(testApp, portuguese.cookie, 'pt-BR');
    const optedOut = await member('Admin');
    expect((await choose(testApp, optedOut.cookie, [{ kind: 'kyb_decision', mail: false }])).statusCode).toBe(
      200,
    );
    const editor = await member('Editor');
    const outsider = await signInUser(testApp.app);
    await setLocale(testApp, outsider.cookie, 'es-MX');

    await decide();

    const kyb = /^(KYB application|Solicitação|Solicitud)/;
    expect((await mailsTo(testApp, admin.email, kyb)).map((mail) => mail.subject)).toEqual([
      `KYB application approved: ${organization.name}`,
    ]);
    const inPortuguese = await mailsTo(testApp, portuguese.email, kyb);
    expect(inPortuguese.map((mail) => mail.subject)).toEqual([
      `Solicitação de KYB aprovada: ${organization.name}`,
    ]);
    expect(inPortuguese[0]?.text).toMatch(/^Olá,/);
    expect(inPortuguese[0]?.text).toContain(`/org/${organization.slug}/kyb`);
    expect(await mailsTo(testApp, optedOut.email, kyb)).toEqual([]);
    expect(await mailsTo(testApp, editor.email, kyb)).toEqual([]);
    expect(await mailsTo(testApp, outsider.email, kyb)).toEqual([]);
  });

  it('mails a provider message to the members who wrote in the conversation, not to the others', async () => {
    const testApp = await createTestApp();
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie, { name: 'Pagos Norte' });
    const editor = await addMember(testApp, organization.uid, 'Editor');
    const quietAdmin = await addMember(testApp, organization.uid, 'Admin');
    const provider = await createProvider(testApp.db, 'Transfero');
    const mailbox = `${organization.slug}@${testApp.config.messages.clientMailDomain}`;
    const from = provider.addresses[0] as string;
    const news = /^New message from Transfero/;

    // The provider starts the conversation: nobody is part of it yet.
    const first = await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'Rates',
      text: 'First',
      messageId: 'n-1@t',
    });
    await testApp.app.jobs.drain();
    expect(await mailsTo(testApp, admin.email, news)).toEqual([]);

    const replied = await call(testApp.app, 'POST', `/messages/${first.threadUid}`, {
      cookie: editor.cookie,
      organization: organization.uid,
      body: { content: 'Which rate for 10k?' },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    await testApp.app.jobs.drain();
    await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'Re: Rates',
      text: 'For 10k the rate is 5.01.',
      messageId: 'n-2@t',
      inReplyTo: 'n-1@t',
    });
    await testApp.app.jobs.drain();

    const told = await mailsTo(testApp, editor.email, news);
    expect(told.map((mail) => mail.subject)).toEqual(['New message from Transfero: Rates (Pagos Norte)']);
    expect(told[0]?.text).toContain('For 10k the rate is 5.01.');
    expect(told[0]?.text).toContain(`/org/${organization.slug}/messages/${first.threadUid}`);
    expect(await mailsTo(testApp, admin.email, news)).toEqual([]);
    expect(await mailsTo(testApp, quietAdmin.email, news)).toEqual([]);

    // Once the editor leaves the organization, its conversations' news no longer reach them.
    await testApp.db
      .delete(memberships)
      .where(and(eq(memberships.organizationUid, organization.uid), eq(memberships.userUid, editor.uid)));
    await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'Re: Rates',
      text: 'Still there?',
      messageId: 'n-3@t',
      inReplyTo: 'n-2@t',
    });
    await testApp.app.jobs.drain();
    expect(await mailsTo(testApp, editor.email, news)).toHaveLength(1);
  });

  it('mails what an older version queued under its retired mail kinds, once per member', async () => {
    const testApp = await createTestApp();
    const { admin, organization, member } = await arrangeKyb(testApp);
    const secondAdmin = await member('Admin');
    const operator = await signInUser(testApp.app, 'ops@example.com');
    const decided = await call(testApp.app, 'POST', `/ops/kyb/${organization.uid}/approve`, {
      cookie: operator.cookie,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [application] = await testApp.db
      .select({ version: kybApplications.version })
      .from(kybApplications)
      .where(eq(kybApplications.organizationUid, organization.uid));
    const version = application?.version ?? 0;
    // As the version before the notifications module left it: no notification, one mail job per
    // Admin (and per approver, and per owner) under the old kinds.
    await testApp.db.delete(jobs).where(eq(jobs.status, 'queued'));
    const provider = await createCatalogueProvider(testApp.db);
    const { transferUid } = await insertMoney(testApp.db, {
      organizationUid: organization.uid,
      providerUid: provider.uid,
      type: 'off_ramp',
    });
    for (const to of [admin.email, secondAdmin.email]) {
      await enqueueJob(testApp.db, {
        kind: RETIRED_DECISION_MAIL_JOB,
        payload: { organizationUid: organization.uid, to, decision: 'Approved', note: null, version },
      });
      await enqueueJob(testApp.db, {
        kind: RETIRED_APPROVAL_MAIL_JOB,
        payload: {
          organizationUid: organization.uid,
          transferUid,
          kind: 'requested',
          to,
          actor: 'someone-gone@example.com',
          note: null,
        },
      });
    }
    // A proposal that is gone tells no one.
    await enqueueJob(testApp.db, {
      kind: RETIRED_SIGNATURE_MAIL_JOB,
      payload: { safeTransactionUid: crypto.randomUUID(), userUid: admin.uid },
    });

    await testApp.app.jobs.drain();

    for (const to of [admin.email, secondAdmin.email]) {
      expect((await mailsTo(testApp, to, /^KYB application/)).map((mail) => mail.subject)).toEqual([
        `KYB application approved: ${organization.name}`,
      ]);
      expect(await mailsTo(testApp, to, /^Off-ramp waiting for your approval/)).toHaveLength(1);
    }
    const left = await testApp.db.select({ kind: jobs.kind, status: jobs.status }).from(jobs);
    expect(left.filter((job) => job.status !== 'done')).toEqual([]);
  });

  it('never mails twice for one event and recipient, even when its job runs again', async () => {
    let sends = 0;
    const testApp = await createTestApp(
      {},
      {
        mailer: {
          async send(mail) {
            if (mail.subject.startsWith('KYB application')) sends += 1;
            await outbox?.send(mail);
          },
        } satisfies Mailer,
      },
    );
    const outbox = createOutboxMailer({ db: testApp.db, logger: testApp.app.log });
    const { decide } = await arrangeKyb(testApp);
    await decide();
    expect(sends).toBe(1);

    // A worker whose lease ran out while it sent: the job is claimed and run again.
    const rerun = await testApp.db
      .update(jobs)
      .set({ status: 'queued', runAt: sql`now()` })
      .where(eq(jobs.kind, 'notification.mail'))
      .returning({ id: jobs.id });
    expect(rerun).toHaveLength(1);
    await testApp.app.jobs.drain();
    expect(sends).toBe(1);
  });
});

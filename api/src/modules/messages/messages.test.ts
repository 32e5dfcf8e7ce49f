import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  INVALID_CURSOR_MESSAGE,
  organizationEventsPath,
  parseOrganizationEvent,
  REPLY_ATTACHED_TWICE_MESSAGE,
  REPLY_EMPTY_MESSAGE,
  type TOrganizationEvent,
  ZMailboxResponse,
  ZReplyResponse,
} from '@dash/shared/contracts';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { messages, sessions, threads } from '../../db/schema';
import { enqueueJob } from '../../jobs/runner';
import { createTestApp } from '../../test/app';
import { emptyTestDatabase } from '../../test/database';
import { addMember, createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import { createProvider, deliver, PDF_BYTES, threadPage, threadsOf, uploadFile } from '../../test/messages';
import { createOutboxMailer, type Mailer, type OutgoingMail } from '../mail/index';
import { composeMail } from './mime';
import { SEND_REPLY_JOB } from './service';

async function arrange(options: Parameters<typeof createTestApp>[1] = {}) {
  const testApp = await createTestApp({}, options);
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  const provider = await createProvider(testApp.db, 'Transfero');
  const mailbox = `${organization.slug}@${testApp.config.messages.clientMailDomain}`;
  return { testApp, admin, organization, provider, mailbox, from: provider.addresses[0] as string };
}

/** arrange() with one message delivered, and the texts of its thread's page as the API answers them. */
async function arrangeThread(options: Parameters<typeof createTestApp>[1]) {
  const arranged = await arrange(options);
  const { testApp, admin, organization, mailbox, from } = arranged;
  const first = await deliver(testApp, {
    from,
    to: mailbox,
    subject: 'Rates',
    text: 'First',
    messageId: 'r-1@t.example',
  });
  const texts = async () =>
    (await threadPage(testApp.app, admin.cookie, organization.uid, first.threadUid)).data.map(
      (message) => message.text,
    );
  return { ...arranged, first, texts };
}

describe('Message Center', () => {
  it('replies from the organization mailbox, threaded, with To/CC of the thread and the attachments, once', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const { app, config, db } = testApp;
    const domain = config.messages.clientMailDomain;
    const first = await deliver(testApp, {
      from,
      to: mailbox,
      cc: ['controller@transfero.example', `other@${domain}`],
      subject: 'KYC documents',
      text: 'Please send the documents.',
      messageId: 'kyc-1@transfero.example',
      references: ['older@transfero.example'],
    });
    const tempFileId = await uploadFile(app, admin.cookie, organization.uid, {
      filename: 'articles.pdf',
      contentType: 'application/pdf',
      bytes: PDF_BYTES,
    });

    const replied = await call(app, 'POST', `/messages/${first.threadUid}`, {
      cookie: admin.cookie,
      organization: organization.uid,
      body: {
        content: 'Here they are.\n',
        attachments: [{ filename: 'Articles of association.pdf', tempFileId }],
      },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const reply = ZReplyResponse.parse(replied.json()).data;
    expect(reply).toMatchObject({
      from: mailbox,
      to: [from],
      cc: ['controller@transfero.example'],
      text: 'Here they are.',
      own: true,
      delivery: 'sending',
      attachments: [
        expect.objectContaining({ fileName: 'Articles of association.pdf', byteSize: PDF_BYTES.length }),
      ],
    });

    expect(await app.jobs.drain()).toBeGreaterThan(0);
    const outbox = ZMailboxResponse.parse(
      (await call(app, 'GET', `/dev/mailbox?to=${encodeURIComponent(from)}`)).json(),
    );
    expect(outbox).toHaveLength(1);
    const [thread] = await db
      .select({ token: threads.token })
      .from(threads)
      .where(eq(threads.uid, first.threadUid));
    expect(outbox[0]).toMatchObject({
      to: from,
      from: `"${organization.name}" <${mailbox}>`,
      cc: ['controller@transfero.example'],
      replyTo: `reply+${thread?.token}@${domain}`,
      subject: 'Re: KYC documents',
      messageId: `<${reply.uid}@${domain}>`,
      inReplyTo: '<kyc-1@transfero.example>',
      references: ['<older@transfero.example>', '<kyc-1@transfero.example>'],
      attachments: [
        {
          filename: 'Articles of association.pdf',
          contentType: 'application/pdf',
          byteSize: PDF_BYTES.length,
        },
      ],
    });
    const after = await threadPage(app, admin.cookie, organization.uid, first.threadUid);
    expect(after.data.at(-1)).toMatchObject({ uid: reply.uid, delivery: 'sent' });

    // A send repeated after a crash (the job ran, the mark did not stick) is the same mail, kept once.
    await db.update(messages).set({ delivery: 'sending' }).where(eq(messages.uid, reply.uid));
    await enqueueJob(db, { kind: SEND_REPLY_JOB, payload: { messageUid: reply.uid }, key: 'again' });
    await app.jobs.drain();
    const again = ZMailboxResponse.parse(
      (await call(app, 'GET', `/dev/mailbox?to=${encodeURIComponent(from)}`)).json(),
    );
    expect(again).toHaveLength(1);

    // The provider answers the reply: it lands in the same thread through In-Reply-To.
    const answer = await deliver(testApp, {
      from,
      to: `reply+${thread?.token}@${domain}`,
      subject: 'Re: KYC documents',
      text: 'Thanks!',
      inReplyTo: `${reply.uid}@${domain}`,
    });
    expect(answer.threadUid).toBe(first.threadUid);
  });

  it('sends a threaded mail the provider can parse, attachment included (SMTP path shape)', async () => {
    // Threaded mails are captured as the SMTP transport would get them; sign-in links go to the outbox.
    const database = await emptyTestDatabase();
    const outbox = createOutboxMailer({ db: database.db, logger: Fastify({ logger: false }).log });
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = {
      send: async (mail) => (mail.messageId ? void sent.push(mail) : outbox.send(mail)),
    };
    const testApp = await createTestApp({}, { mailer, database });
    const admin = await signInUser(testApp.app);
    const organization = await createOrganization(testApp, admin.cookie);
    const provider = await createProvider(testApp.db, 'Bitso');
    const mailbox = `${organization.slug}@${testApp.config.messages.clientMailDomain}`;
    const first = await deliver(testApp, {
      from: provider.addresses[0] as string,
      to: mailbox,
      subject: 'Limits',
      text: 'New limits apply.',
      messageId: 'limits@bitso.example',
    });
    const tempFileId = await uploadFile(testApp.app, admin.cookie, organization.uid, {
      filename: 'ack.pdf',
      contentType: 'application/pdf',
      bytes: PDF_BYTES,
    });
    const replied = await call(testApp.app, 'POST', `/messages/${first.threadUid}`, {
      cookie: admin.cookie,
      organization: organization.uid,
      body: { content: 'Acknowledged.', attachments: [{ filename: 'ack.pdf', tempFileId }] },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    await testApp.app.jobs.drain();

    expect(sent).toHaveLength(1);
    const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
    const raw = await new MailComposer({ ...sent[0] }).compile().build();
    const parsed = await simpleParser(raw);
    expect(parsed.inReplyTo).toBe('<limits@bitso.example>');
    expect(parsed.attachments[0]?.content.equals(PDF_BYTES)).toBe(true);
    expect(parsed.replyTo?.text).toMatch(/^reply\+[a-z0-9]{24}@client\.dash\.localhost$/);
  });

  it('refuses an empty reply (400) and a Viewer (403); every member reads', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const first = await deliver(testApp, { from, to: mailbox, subject: 'Hi', text: 'Hello' });

    // White space, and the invisible characters trim() keeps, are no message.
    for (const content of ['  \n ', '\u200b\u00a0', '\u2060\ufeff\u200d']) {
      const empty = await call(testApp.app, 'POST', `/messages/${first.threadUid}`, {
        cookie: admin.cookie,
        organization: organization.uid,
        body: { content, attachments: [] },
      });
      expect(errorOf(empty), JSON.stringify(content)).toEqual({
        status: 400,
        code: 'VALIDATION',
        message: REPLY_EMPTY_MESSAGE,
      });
    }

    const viewer = await addMember(testApp, organization.uid, 'Viewer');
    const refused = await call(testApp.app, 'POST', `/messages/${first.threadUid}`, {
      cookie: viewer.cookie,
      organization: organization.uid,
      body: { content: 'Let me in' },
    });
    expect(refused.statusCode).toBe(403);
    const read = await threadPage(testApp.app, viewer.cookie, organization.uid, first.threadUid);
    expect(read.data).toHaveLength(1);

    const unknownFile = await call(testApp.app, 'POST', `/messages/${first.threadUid}`, {
      cookie: admin.cookie,
      organization: organization.uid,
      body: { content: '', attachments: [{ filename: 'x.pdf', tempFileId: crypto.randomUUID() }] },
    });
    expect(errorOf(unknownFile)).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(await threadPage(testApp.app, admin.cookie, organization.uid, first.threadUid)).toMatchObject({
      thread: { messageCount: 1 },
    });
  });

  it('refuses one uploaded file attached twice to a reply (400 on attachments), and the file stays usable', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const first = await deliver(testApp, { from, to: mailbox, subject: 'Hi', text: 'Hello' });
    const tempFileId = await uploadFile(testApp.app, admin.cookie, organization.uid, {
      filename: 'a.pdf',
      contentType: 'application/pdf',
      bytes: PDF_BYTES,
    });
    const reply = (attachments: { filename: string; tempFileId: string }[]) =>
      call(testApp.app, 'POST', `/messages/${first.threadUid}`, {
        cookie: admin.cookie,
        organization: organization.uid,
        body: { content: 'x', attachments },
      });

    for (const again of [tempFileId, tempFileId.toUpperCase()]) {
      const twice = await reply([
        { filename: 'a.pdf', tempFileId },
        { filename: 'b.pdf', tempFileId: again },
      ]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({
        error: {
          requestId: twice.headers['x-request-id'],
          code: 'VALIDATION',
          message: REPLY_ATTACHED_TWICE_MESSAGE,
          messageCode: 'messages.attachmentAttachedTwice',
          fields: { attachments: REPLY_ATTACHED_TWICE_MESSAGE },
          fieldCodes: { attachments: { code: 'messages.attachmentAttachedTwice' } },
        },
      });
    }
    expect(await threadPage(testApp.app, admin.cookie, organization.uid, first.threadUid)).toMatchObject({
      thread: { messageCount: 1 },
    });

    const once = await reply([{ filename: 'a.pdf', tempFileId }]);
    expect(once.statusCode, once.body).toBe(201);
    expect(ZReplyResponse.parse(once.json()).data.attachments).toEqual([
      expect.objectContaining({ fileName: 'a.pdf', byteSize: PDF_BYTES.length }),
    ]);
  });

  it('keeps the list and pages in the read cache, and mail arriving outside a request (SMTP) shows at once', async () => {
    const { testApp, admin, organization, mailbox, from, first, texts } = await arrangeThread({
      cacheReads: true,
    });
    const { app, db } = testApp;
    expect(await texts()).toEqual(['First']);
    // Kept: a change made behind the API's back is not seen (this is what the cache saves)…
    await db
      .update(messages)
      .set({ text: 'Edited behind the API' })
      .where(eq(messages.uid, first.messageUid));
    expect(await texts()).toEqual(['First']);
    expect((await threadsOf(app, admin.cookie, organization.uid)).data).toHaveLength(1);

    // …but mail taken by the SMTP listener (no HTTP request) publishes its events, which empty it.
    await app.inbound.receive(
      await composeMail({
        from,
        to: mailbox,
        subject: 'Re: Rates',
        text: 'Second',
        messageId: 'r-2@t.example',
        inReplyTo: 'r-1@t.example',
      }),
      { recipients: [mailbox], via: 'smtp' },
    );
    expect(await texts()).toEqual(['Edited behind the API', 'Second']);
    await app.inbound.receive(
      await composeMail({
        from,
        to: mailbox,
        subject: 'New topic',
        text: 'Third',
        messageId: 'r-3@t.example',
      }),
      { recipients: [mailbox], via: 'smtp' },
    );
    // (Mail dates have whole seconds: both threads may have the same activity time, so no order here.)
    const names = (await threadsOf(app, admin.cookie, organization.uid)).data.map((thread) => thread.name);
    expect(names.sort()).toEqual(['New topic', 'Rates']);
  });

  it('with whole answers not kept (cacheAnswers false), reads the pages again while the session stays cached', async () => {
    const { testApp, first, texts } = await arrangeThread({ cacheReads: true, cacheAnswers: false });
    const { db } = testApp;
    expect(await texts()).toEqual(['First']);
    // Both changed behind the API's back: the page is read again, the session is still the kept one.
    await db
      .update(messages)
      .set({ text: 'Edited behind the API' })
      .where(eq(messages.uid, first.messageUid));
    await db.delete(sessions);
    expect(await texts()).toEqual(['Edited behind the API']);
  });

  it('pages a thread from the newest page back to the first, and forward again', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    let threadUid = '';
    for (let index = 1; index <= 7; index += 1) {
      const delivery = await deliver(testApp, {
        from,
        to: mailbox,
        subject: 'Long',
        text: `Message ${index}`,
        messageId: `long-${index}@transfero.example`,
        ...(index > 1 ? { inReplyTo: `long-${index - 1}@transfero.example` } : {}),
        date: new Date(Date.UTC(2026, 0, 1, 0, index)),
      });
      threadUid = delivery.threadUid;
    }
    const texts = (page: { data: { text: string }[] }) => page.data.map((message) => message.text.slice(8));
    const get = (query: string) => threadPage(testApp.app, admin.cookie, organization.uid, threadUid, query);

    const newest = await get('?limit=3');
    expect(texts(newest)).toEqual(['5', '6', '7']);
    expect(newest.nextCursor).toBeNull();
    const older = await get(`?limit=3&before=${newest.prevCursor}`);
    expect(texts(older)).toEqual(['2', '3', '4']);
    const oldest = await get(`?limit=3&before=${older.prevCursor}`);
    expect(texts(oldest)).toEqual(['1']);
    expect(oldest.prevCursor).toBeNull();
    const forward = await get('?limit=3&after=1');
    expect(texts(forward)).toEqual(['2', '3', '4']);
    expect(forward.nextCursor).toBe('4');
    expect(newest.data[0]?.createdAt).toBe('2026-01-01T00:05:00.000Z');

    const bad = await call(testApp.app, 'GET', `/messages/${threadUid}?before=abc`, {
      cookie: admin.cookie,
      organization: organization.uid,
    });
    expect(errorOf(bad)).toMatchObject({ status: 400, code: 'VALIDATION' });
  });

  it('lists threads newest activity first with per-user unread counts, pages the list, and searches full text', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const editor = await addMember(testApp, organization.uid, 'Editor');
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const payout = await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'Payout delayed',
      text: 'The settlement of the wire transfers is delayed.',
      date: at(1),
    });
    const kyc = await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'KYC',
      text: 'Your documents were approved.',
      date: at(2),
    });
    await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'Re: KYC',
      text: 'One more thing.',
      inReplyTo: undefined,
      date: at(3),
    });

    const list = await threadsOf(testApp.app, admin.cookie, organization.uid);
    expect(list.data.map((thread) => thread.name)).toEqual(['KYC', 'KYC', 'Payout delayed']);
    expect(list.data.map((thread) => thread.unreadCount)).toEqual([1, 1, 1]);

    const read = await call(testApp.app, 'POST', `/messages/${kyc.threadUid}/read`, {
      cookie: admin.cookie,
      organization: organization.uid,
    });
    expect(read.statusCode).toBe(204);
    const forAdmin = await threadsOf(testApp.app, admin.cookie, organization.uid);
    expect(forAdmin.data.find((thread) => thread.uid === kyc.threadUid)?.unreadCount).toBe(0);
    const forEditor = await threadsOf(testApp.app, editor.cookie, organization.uid);
    expect(forEditor.data.find((thread) => thread.uid === kyc.threadUid)?.unreadCount).toBe(1);

    const firstPage = await threadsOf(testApp.app, admin.cookie, organization.uid, '?limit=2');
    expect(firstPage.data).toHaveLength(2);
    const secondPage = await threadsOf(
      testApp.app,
      admin.cookie,
      organization.uid,
      `?limit=2&cursor=${firstPage.nextCursor}`,
    );
    expect(secondPage.data.map((thread) => thread.uid)).toEqual([payout.threadUid]);
    expect(secondPage.nextCursor).toBeNull();

    // Stemmed full text: "settlements" finds "settlement", "transfer" finds "transfers".
    const found = await threadsOf(testApp.app, admin.cookie, organization.uid, '?q=settlements%20transfer');
    expect(found.data.map((thread) => thread.uid)).toEqual([payout.threadUid]);
    const none = await threadsOf(testApp.app, admin.cookie, organization.uid, '?q=bitcoin');
    expect(none.data).toEqual([]);

    // The provider's name, whole or in part, in any case; % and _ are letters there, not patterns.
    const bitso = await createProvider(testApp.db, 'Bitso');
    const fromBitso = await deliver(testApp, {
      from: bitso.addresses[0] as string,
      to: mailbox,
      subject: 'SPEI window',
      text: 'Closed on Sunday.',
      date: at(4),
    });
    const byName = async (q: string) =>
      (await threadsOf(testApp.app, admin.cookie, organization.uid, `?q=${encodeURIComponent(q)}`)).data.map(
        (thread) => thread.uid,
      );
    expect(await byName('bitso')).toEqual([fromBitso.threadUid]);
    expect(await byName('TRANSF')).toEqual(list.data.map((thread) => thread.uid));
    expect(await byName('%')).toEqual([]);
    expect(await byName('_itso')).toEqual([]);
  });

  it('refuses a thread list cursor whose time is not one the API wrote (400, not a database error)', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    await deliver(testApp, { from, to: mailbox, subject: 'Payout', text: 'The payout is late.' });
    const uid = '00000000-0000-4000-8000-000000000000';
    const cursorOf = (at: string) => Buffer.from(`${at}|${uid}`).toString('base64url');
    const list = (query: string) =>
      call(testApp.app, 'GET', `/messages${query}`, { cookie: admin.cookie, organization: organization.uid });

    // Date.parse takes all of these; PostgreSQL does not, or reads them otherwise.
    for (const at of [
      '0',
      '1',
      '12',
      'March 7',
      '2020-02-30',
      '2026-01-01',
      '2026-01-01T00:00:00Z',
      '+275760-09-13T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
    ]) {
      for (const search of ['', '&q=payout']) {
        const refused = await list(`?cursor=${cursorOf(at)}${search}`);
        expect(errorOf(refused), `${at}${search}`).toEqual({
          status: 400,
          code: 'VALIDATION',
          message: INVALID_CURSOR_MESSAGE,
        });
      }
    }
    // The form the API writes itself still pages (past the only thread: an empty page).
    const past = await list(`?cursor=${cursorOf('2000-01-01T00:00:00.000Z')}&q=payout`);
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json()).toMatchObject({ data: [], nextCursor: null });
  });

  it('serves an attachment to members (attachment, nosniff, type, length) and 404 to anyone else', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const delivery = await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'Statement',
      text: 'Attached.',
      attachments: [{ filename: 'März statement.pdf', contentType: 'application/pdf', content: PDF_BYTES }],
    });
    const page = await threadPage(testApp.app, admin.cookie, organization.uid, delivery.threadUid);
    const url = page.data[0]?.attachments[0]?.url ?? '';
    expect(url).toMatch(new RegExp(`^/api/v0/organizations/${organization.uid}/attachments/`));

    const viewer = await addMember(testApp, organization.uid, 'Viewer');
    const downloaded = await testApp.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['content-length']).toBe(String(PDF_BYTES.length));
    expect(downloaded.headers['content-disposition']).toBe(
      `attachment; filename="M_rz statement.pdf"; filename*=UTF-8''M%C3%A4rz%20statement.pdf`,
    );
    expect(downloaded.headers['x-content-type-options']).toBe('nosniff');
    expect(downloaded.rawPayload.equals(PDF_BYTES)).toBe(true);

    const outsider = await signInUser(testApp.app);
    const refused = await testApp.app.inject({ method: 'GET', url, headers: { cookie: outsider.cookie } });
    expect(errorOf(refused)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // Another organization of the outsider's cannot reach it through its own uid either.
    const own = await createOrganization(testApp, outsider.cookie);
    const crossed = await testApp.app.inject({
      method: 'GET',
      url: url.replace(organization.uid, own.uid),
      headers: { cookie: outsider.cookie },
    });
    expect(errorOf(crossed)).toMatchObject({ status: 404, message: 'Attachment not found' });
    const anonymous = await testApp.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await testApp.app.inject({
      method: 'GET',
      url: `/api/v0/organizations/${organization.uid}/attachments/not-a-uid`,
      headers: { cookie: admin.cookie },
    });
    expect(errorOf(malformed)).toMatchObject({ status: 404, message: 'Attachment not found' });
  });

  it('streams events to a member: thread.created and message.created after a mail arrives', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;

    const received: TOrganizationEvent[] = [];
    let raw = '';
    const connected = new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: organizationEventsPath(organization.uid),
            headers: { cookie: admin.cookie },
          },
          resolve,
        )
        .on('error', reject);
    });
    const response = await connected;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const twoEvents = new Promise<void>((resolve) => {
      response.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
        for (const block of raw.split('\n\n')) {
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          const event = data ? parseOrganizationEvent(data.slice(6)) : null;
          if (event && !received.some((seen) => JSON.stringify(seen) === JSON.stringify(event)))
            received.push(event);
        }
        if (received.length >= 2) resolve();
      });
    });
    await expect.poll(() => testApp.app.events.subscriberCount(organization.uid)).toBe(1);

    const delivery = await deliver(testApp, { from, to: mailbox, subject: 'Live', text: 'Now' });
    await twoEvents;
    expect(raw).toMatch(/^retry: \d+\n/);
    expect(raw).toMatch(/\nid: [0-9a-f]+-\d+\ndata: /);
    expect(received).toEqual([
      { type: 'thread.created', threadUid: delivery.threadUid },
      { type: 'message.created', threadUid: delivery.threadUid, messageUid: delivery.messageUid },
    ]);
    response.destroy();
    await expect.poll(() => testApp.app.events.subscriberCount(organization.uid)).toBe(0);

    const outsider = await signInUser(testApp.app);
    const refused = await testApp.app.inject({
      method: 'GET',
      url: organizationEventsPath(organization.uid),
      headers: { cookie: outsider.cookie },
    });
    expect(refused.statusCode).toBe(404);
  });
});

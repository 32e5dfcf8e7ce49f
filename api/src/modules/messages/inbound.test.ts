import { ZInboundEmailResponse } from '@dash/shared/contracts';
import { count, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { attachments, messages, threads } from '../../db/schema';
import { createTestApp, recordForgetting, type TestApp } from '../../test/app';
import { createOrganization, signInUser } from '../../test/factories';
import { call, errorOf } from '../../test/http';
import {
  createProvider,
  deliver,
  inboundSignature,
  PDF_BYTES,
  PNG_BYTES,
  postInbound,
  threadPage,
  threadsOf,
} from '../../test/messages';
import { composeMail } from './mime';

async function arrange(options: { logLines?: string[] } = {}) {
  const testApp = await createTestApp(
    options.logLines ? { logLevel: 'info' } : {},
    options.logLines ? { logStream: { write: (line) => void options.logLines?.push(line) } } : {},
  );
  const admin = await signInUser(testApp.app);
  const organization = await createOrganization(testApp, admin.cookie);
  const provider = await createProvider(testApp.db, 'Transfero');
  const mailbox = `${organization.slug}@${testApp.config.messages.clientMailDomain}`;
  return { testApp, admin, organization, provider, mailbox, from: provider.addresses[0] as string };
}

async function rowCounts(testApp: TestApp) {
  const [m] = await testApp.db.select({ n: count() }).from(messages);
  const [t] = await testApp.db.select({ n: count() }).from(threads);
  const [a] = await testApp.db.select({ n: count() }).from(attachments);
  return { messages: m?.n, threads: t?.n, attachments: a?.n };
}

/** A raw mail written byte by byte (what no composer would produce), lines joined with CRLF. */
function rawMail(lines: string[]): Buffer {
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

describe('inbound mail', () => {
  it('stores a signed webhook mail with its attachments as a new thread named after the subject', async () => {
    const { testApp, admin, organization, provider, mailbox, from } = await arrange();

    const delivery = await deliver(testApp, {
      from: `Ana from Transfero <${from}>`,
      to: mailbox,
      cc: ['finance@acme.example'],
      subject: 'Re: Invoice 42',
      text: 'Please find the invoice attached.',
      messageId: 'invoice-42@transfero.example',
      attachments: [
        { filename: 'invoice.pdf', contentType: 'application/pdf', content: PDF_BYTES },
        { filename: 'logo.png', contentType: 'image/png', content: PNG_BYTES },
      ],
    });
    expect(delivery).toMatchObject({ organizationUid: organization.uid, status: 'stored' });

    const list = await threadsOf(testApp.app, admin.cookie, organization.uid);
    expect(list.mailbox).toBe(mailbox);
    expect(list.data).toEqual([
      expect.objectContaining({
        uid: delivery.threadUid,
        name: 'Invoice 42',
        provider: { uid: provider.uid, name: 'Transfero', imageUrl: null },
        messageCount: 1,
        unreadCount: 1,
        snippet: 'Please find the invoice attached.',
      }),
    ]);
    const page = await threadPage(testApp.app, admin.cookie, organization.uid, delivery.threadUid);
    expect(page.data).toEqual([
      expect.objectContaining({
        uid: delivery.messageUid,
        from,
        fromName: 'Ana from Transfero',
        to: [mailbox],
        cc: ['finance@acme.example'],
        text: 'Please find the invoice attached.',
        own: false,
        delivery: 'received',
        attachments: [
          expect.objectContaining({
            fileName: 'invoice.pdf',
            byteSize: PDF_BYTES.length,
            contentType: 'application/pdf',
          }),
          expect.objectContaining({
            fileName: 'logo.png',
            byteSize: PNG_BYTES.length,
            contentType: 'image/png',
          }),
        ],
      }),
    ]);
  });

  it("makes the read cache forget the reached organization's reads only; a mail to two forgets everything", async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const forgotten = recordForgetting(testApp.app);

    await deliver(testApp, { from, to: mailbox, subject: 'Rates', text: 'Hi', messageId: 'one@t.example' });
    // The event and the request's own write, both scoped.
    expect(forgotten.length).toBeGreaterThanOrEqual(2);
    expect(new Set(forgotten)).toEqual(new Set([organization.uid]));

    const other = await createOrganization(testApp, admin.cookie);
    forgotten.length = 0;
    const both = await postInbound(
      testApp,
      await composeMail({
        from,
        to: mailbox,
        cc: [`${other.slug}@${testApp.config.messages.clientMailDomain}`],
        subject: 'To both',
        text: 'Hi',
        messageId: 'both@t.example',
      }),
    );
    expect(both.statusCode, both.body).toBe(200);
    expect(ZInboundEmailResponse.parse(both.json()).data).toHaveLength(2);
    expect(forgotten).toContain(undefined);
  });

  it('refuses a webhook mail with a missing or wrong signature and stores nothing', async () => {
    const { testApp, mailbox, from } = await arrange();
    const raw = await composeMail({ from, to: mailbox, subject: 'Hello', text: 'Hi' });

    const wrong = await postInbound(testApp, raw, {
      signature: inboundSignature('another-secret-value', raw),
    });
    expect(errorOf(wrong)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    const tampered = await postInbound(testApp, Buffer.concat([raw, Buffer.from('x')]), {
      signature: inboundSignature(testApp.config.messages.inboundSecret, raw),
    });
    expect(tampered.statusCode).toBe(401);
    const missing = await postInbound(testApp, raw, { signature: '' });
    expect(missing.statusCode).toBe(401);
    const asJson = await testApp.app.inject({
      method: 'POST',
      url: '/api/v0/inbound/email',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(errorOf(asJson)).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the raw mail as message/rfc822.',
    });

    expect(await rowCounts(testApp)).toEqual({ messages: 0, threads: 0, attachments: 0 });
  });

  it('rejects mail to an unknown mailbox (404) or from a sender no provider owns (403), logs it and stores nothing', async () => {
    const logLines: string[] = [];
    const { testApp, mailbox, from } = await arrange({ logLines });

    const unknownMailbox = await postInbound(
      testApp,
      await composeMail({
        from,
        to: `nobody@${testApp.config.messages.clientMailDomain}`,
        subject: 'Hi',
        text: 'x',
        attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: PDF_BYTES }],
      }),
    );
    expect(errorOf(unknownMailbox)).toMatchObject({ status: 404, code: 'NOT_FOUND' });

    const unknownSender = await postInbound(
      testApp,
      await composeMail({
        from: 'stranger@elsewhere.example',
        to: mailbox,
        subject: 'Hi',
        text: 'x',
        attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: PDF_BYTES }],
      }),
    );
    expect(errorOf(unknownSender)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(errorOf(unknownSender).message).toContain('stranger@elsewhere.example');

    expect(await rowCounts(testApp)).toEqual({ messages: 0, threads: 0, attachments: 0 });
    const rejections = logLines.filter((line) => line.includes('Inbound mail rejected'));
    expect(rejections).toHaveLength(2);
  });

  it('threads by In-Reply-To, then References, then the reply+token address; a new subject opens a new thread', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const first = await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'Payout schedule',
      text: 'First',
      messageId: 'm1@transfero.example',
    });

    const byInReplyTo = await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'A subject that changed',
      text: 'Second',
      messageId: 'm2@transfero.example',
      inReplyTo: 'm1@transfero.example',
    });
    expect(byInReplyTo.threadUid).toBe(first.threadUid);

    const byReferences = await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'Yet another subject',
      text: 'Third',
      messageId: 'm3@transfero.example',
      references: ['unknown@elsewhere.example', 'm2@transfero.example'],
    });
    expect(byReferences.threadUid).toBe(first.threadUid);

    const [thread] = await testApp.db.select({ token: threads.token }).from(threads);
    const byToken = await deliver(testApp, {
      from,
      to: `reply+${thread?.token}@${testApp.config.messages.clientMailDomain}`,
      subject: 'Re: whatever',
      text: 'Fourth, answering the Reply-To',
      messageId: 'm4@transfero.example',
    });
    expect(byToken).toMatchObject({ organizationUid: organization.uid, threadUid: first.threadUid });

    const fresh = await deliver(testApp, {
      from,
      to: mailbox,
      subject: 'Payout schedule',
      text: 'Same subject, no references: a new conversation',
      messageId: 'm5@transfero.example',
    });
    expect(fresh.threadUid).not.toBe(first.threadUid);

    const page = await threadPage(testApp.app, admin.cookie, organization.uid, first.threadUid);
    expect(page.data.map((message) => message.text)).toEqual([
      'First',
      'Second',
      'Third',
      'Fourth, answering the Reply-To',
    ]);
  });

  it('ignores a mail whose Message-ID was already stored', async () => {
    const { testApp, mailbox, from } = await arrange();
    const mail = {
      from,
      to: mailbox,
      subject: 'Once',
      text: 'Only once',
      messageId: 'dup@transfero.example',
    };
    const first = await deliver(testApp, mail);
    const again = await postInbound(testApp, await composeMail({ ...mail, text: 'A resend' }));
    expect(again.statusCode).toBe(200);
    expect(ZInboundEmailResponse.parse(again.json()).data).toEqual([{ ...first, status: 'duplicate' }]);
    expect(await rowCounts(testApp)).toMatchObject({ messages: 1, threads: 1 });
  });

  it('still delivers to the old address after a slug change, and to the new one', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const renamed = await call(testApp.app, 'PATCH', '/organization', {
      cookie: admin.cookie,
      organization: organization.uid,
      body: { slug: `${organization.slug}-new` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const old = await deliver(testApp, { from, to: mailbox, subject: 'To the old address', text: 'x' });
    const current = await deliver(testApp, {
      from,
      to: `${organization.slug}-new@${testApp.config.messages.clientMailDomain}`,
      subject: 'To the new address',
      text: 'y',
    });
    expect(old.organizationUid).toBe(organization.uid);
    expect(current.organizationUid).toBe(organization.uid);
    const list = await threadsOf(testApp.app, admin.cookie, organization.uid);
    expect(list.mailbox).toBe(`${organization.slug}-new@${testApp.config.messages.clientMailDomain}`);
  });

  it('receives mail over SMTP and refuses unknown mailboxes and senders with 550', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const port = await testApp.app.inboundSmtp.listen(0, '127.0.0.1');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });

    const sent = await transport.sendMail({
      from,
      to: mailbox,
      subject: 'Over SMTP',
      text: 'Delivered by the listener',
      attachments: [{ filename: 'statement.pdf', content: PDF_BYTES, contentType: 'application/pdf' }],
    });
    expect(sent.accepted).toEqual([mailbox]);
    const list = await threadsOf(testApp.app, admin.cookie, organization.uid);
    expect(list.data).toEqual([expect.objectContaining({ name: 'Over SMTP', messageCount: 1 })]);

    await expect(
      transport.sendMail({
        from,
        to: `nobody@${testApp.config.messages.clientMailDomain}`,
        subject: 'x',
        text: 'x',
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      transport.sendMail({ from: 'stranger@elsewhere.example', to: mailbox, subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await rowCounts(testApp)).toEqual({ messages: 1, threads: 1, attachments: 1 });
    transport.close();
  });

  it('stores a mail carrying NUL characters (raw, encoded, quoted-printable, %00) without them, by webhook and SMTP', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const encoded = rawMail([
      `From: "Ana\u0000" <${from}>`,
      `To: ${mailbox}`,
      'Cc: fin\u0000ance@acme.example',
      'Subject: =?UTF-8?B?YQBi?=',
      'Message-ID: <nul\u0000-1@transfero.example>',
      'References: <older\u0000@transfero.example> <nul\u0000-0@transfero.example>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'a=00b',
      '--b',
      'Content-Type: application/pdf',
      "Content-Disposition: attachment; filename*=UTF-8''a%00b.pdf",
      'Content-Transfer-Encoding: base64',
      '',
      PDF_BYTES.toString('base64'),
      '--b--',
    ]);
    const response = await postInbound(testApp, encoded);
    expect(response.statusCode, response.body).toBe(200);
    const [delivery] = ZInboundEmailResponse.parse(response.json()).data;
    expect(delivery?.status).toBe('stored');

    const page = await threadPage(testApp.app, admin.cookie, organization.uid, delivery?.threadUid ?? '');
    expect(page.thread.name).toBe('ab');
    expect(page.data).toEqual([
      expect.objectContaining({
        from,
        fromName: 'Ana',
        to: [mailbox],
        cc: ['finance@acme.example'],
        text: 'ab',
        attachments: [expect.objectContaining({ fileName: 'ab.pdf', byteSize: PDF_BYTES.length })],
      }),
    ]);
    const [stored] = await testApp.db
      .select({ messageId: messages.messageId, references: messages.references, subject: messages.subject })
      .from(messages)
      .where(eq(messages.uid, delivery?.messageUid ?? ''));
    expect(stored).toEqual({
      messageId: 'nul-1@transfero.example',
      references: ['older@transfero.example', 'nul-0@transfero.example'],
      subject: 'ab',
    });

    // A NUL written as is, in the subject and the text, over SMTP (451 before: retried forever).
    const port = await testApp.app.inboundSmtp.listen(0, '127.0.0.1');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const sent = await transport.sendMail({
      envelope: { from, to: [mailbox] },
      raw: rawMail([
        `From: ${from}`,
        `To: ${mailbox}`,
        'Subject: Raw\u0000 subject',
        'Message-ID: <nul-2@transfero.example>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'first\u0000second',
      ]),
    });
    expect(sent.accepted).toEqual([mailbox]);
    transport.close();
    const list = await threadsOf(testApp.app, admin.cookie, organization.uid);
    expect(list.data.map((thread) => [thread.name, thread.snippet]).sort()).toEqual([
      ['Raw subject', 'firstsecond'],
      ['ab', 'ab'],
    ]);
    expect(await rowCounts(testApp)).toEqual({ messages: 2, threads: 2, attachments: 1 });
  });

  it('stores each To and Cc address once (case-insensitively), in the order first written', async () => {
    const { testApp, admin, organization, mailbox, from } = await arrange();
    const response = await postInbound(
      testApp,
      rawMail([
        `From: ${from}`,
        `To: ${mailbox}, "Us again" <${mailbox.toUpperCase()}>`,
        'Cc: a@x.example, A@X.example, "x" <b@x.example>, a@x.example',
        'Subject: Twice',
        'Message-ID: <twice@transfero.example>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hello',
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [delivery] = ZInboundEmailResponse.parse(response.json()).data;
    const page = await threadPage(testApp.app, admin.cookie, organization.uid, delivery?.threadUid ?? '');
    expect(page.data).toEqual([
      expect.objectContaining({ to: [mailbox], cc: ['a@x.example', 'b@x.example'] }),
    ]);
  });
});

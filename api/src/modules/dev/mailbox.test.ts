import { ZMailboxResponse } from '@dash/shared/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { call, errorOf } from '../../test/http';
import type { OutgoingMail } from '../mail/index';

describe('GET /dev/mailbox', () => {
  it('lists the outbox newest first, with the links found in each mail', async () => {
    const { app } = await createTestApp();
    for (const email of ['first@example.com', 'second@example.com', 'third@example.com']) {
      await call(app, 'POST', '/auth', { body: { email } });
    }

    const response = await call(app, 'GET', '/dev/mailbox');

    expect(response.statusCode).toBe(200);
    const mails = ZMailboxResponse.parse(response.json());
    expect(Array.isArray(response.json())).toBe(true);
    expect(mails.map((mail) => mail.to)).toEqual([
      'third@example.com',
      'second@example.com',
      'first@example.com',
    ]);
    for (const mail of mails) {
      expect(mail.links).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/auth\/[\w-]{43}$/)]);
      expect(Date.parse(mail.sentAt)).not.toBeNaN();
    }
    const sentAt = mails.map((mail) => Date.parse(mail.sentAt));
    expect([...sentAt].sort((a, b) => b - a)).toEqual(sentAt);
  });

  it('narrows the list to one address with ?to=, matched like a sign-in address', async () => {
    const { app } = await createTestApp();
    await call(app, 'POST', '/auth', { body: { email: 'ada@example.com' } });
    await call(app, 'POST', '/auth', { body: { email: 'grace@example.com' } });

    const response = await call(app, 'GET', '/dev/mailbox?to=%20ADA@example.com');

    expect(ZMailboxResponse.parse(response.json()).map((mail) => mail.to)).toEqual(['ada@example.com']);
    expect(errorOf(await call(app, 'GET', '/dev/mailbox?to=nobody'))).toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
  });

  it('uses PUBLIC_URL for the links', async () => {
    const { app } = await createTestApp({ publicUrl: 'https://dash.example/app' });
    await call(app, 'POST', '/auth', { body: { email: 'ada@example.com' } });
    const [mail] = ZMailboxResponse.parse((await call(app, 'GET', '/dev/mailbox')).json());
    expect(mail?.links[0]).toMatch(/^https:\/\/dash\.example\/app\/auth\/[\w-]{43}$/);
  });

  it('does not exist when the outbox is off (SMTP or production)', async () => {
    const sent: OutgoingMail[] = [];
    const { app } = await createTestApp(
      { outboxEnabled: false, smtpUrl: 'smtp://mail.example:25' },
      { mailer: { send: async (mail) => void sent.push(mail) } },
    );
    await call(app, 'POST', '/auth', { body: { email: 'ada@example.com' } });

    expect(errorOf(await call(app, 'GET', '/dev/mailbox'))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([['ada@example.com', 'Your sign-in link']]);
  });
});

describe('the outbox log', () => {
  it('logs each mail with its recipient, subject and links, and keeps tokens out of request logs', async () => {
    const lines: Record<string, unknown>[] = [];
    const { app } = await createTestApp(
      { logLevel: 'info' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
    );
    await call(app, 'POST', '/auth', { body: { email: 'ada@example.com' } });
    const [mail] = ZMailboxResponse.parse((await call(app, 'GET', '/dev/mailbox')).json());
    const link = mail?.links[0] ?? '';
    const token = link.split('/').pop() ?? '';
    await call(app, 'POST', `/auth/${token}`, { body: {} });

    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'Mail stored in the outbox', to: 'ada@example.com', links: [link] }),
    );
    const requestLog = lines.filter((line) => line.msg === 'incoming request').map((line) => line.req);
    expect(requestLog).toContainEqual(
      expect.objectContaining({ method: 'POST', url: '/api/v0/auth/[token]' }),
    );
    expect(JSON.stringify(requestLog)).not.toContain(token);
  });
});

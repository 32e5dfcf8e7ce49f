// Database-independent: the mailer and an SMTP server only.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMailer, escapeHtml, extractLinks } from './service';

const silentLogger = { info: () => undefined } as unknown as FastifyBaseLogger;

describe('extractLinks', () => {
  it('finds every http(s) URL in order, without trailing punctuation', () => {
    const text =
      'Sign in: https://dash.example/auth/abc_DEF-123.\nOr (http://localhost:3000/x?y=1), not ftp://no.';
    expect(extractLinks(text)).toEqual([
      'https://dash.example/auth/abc_DEF-123',
      'http://localhost:3000/x?y=1',
    ]);
    expect(extractLinks('nothing here')).toEqual([]);
  });
});

describe('escapeHtml', () => {
  it('escapes what could break out of an attribute or element', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

/** A minimal SMTP server that records what it is sent: real-shaped, local, no network. */
async function startSmtpServer() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          messages.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          reply('250 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else {
          reply('250 ok');
        }
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  onTestFinished(async () => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return { port: (server.address() as AddressInfo).port, messages };
}

describe('createMailer with SMTP_URL', () => {
  it('delivers through SMTP from MAIL_FROM', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'Dash <no-reply@dash.example>' },
      { db: undefined as never, logger: silentLogger },
    );

    await mailer.send({
      to: 'ada@example.com',
      subject: 'Your sign-in link',
      text: 'https://dash.example/auth/x',
      html: '<p>x</p>',
    });

    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.from).toContain('<no-reply@dash.example>');
    expect(smtp.messages[0]?.to).toEqual([expect.stringContaining('<ada@example.com>')]);
    expect(smtp.messages[0]?.data).toContain('Subject: Your sign-in link');
  });

  it('rejects when the server cannot be reached', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Dash <no-reply@dash.example>' },
      { db: undefined as never, logger: silentLogger },
    );
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: 'h' })).rejects.toThrow();
  });
});

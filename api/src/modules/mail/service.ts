import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { insertOutboxMail } from './repo';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Defaults to MAIL_FROM. */
  from?: string;
  cc?: string[];
  replyTo?: string;
  /** `<id@domain>`: fixed per mail, so a retried send is recognisably the same mail. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Delivers (or, in development, stores) one mail; rejects when it could not. */
  send(mail: OutgoingMail): Promise<void>;
}

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;

/** Every http(s) URL in a text, in order, without trailing sentence punctuation. */
export function extractLinks(text: string): string[] {
  return (text.match(URL_PATTERN) ?? []).map((url) => url.replace(/[.,;:!?)\]}]+$/, ''));
}

/** Development stand-in for SMTP: the mail goes to the outbox table (GET /dev/mailbox) and the log. */
export function createOutboxMailer(deps: { db: Database; logger: FastifyBaseLogger }): Mailer {
  return {
    async send(mail) {
      const links = extractLinks(mail.text);
      // A mail with a Message-ID already in the outbox is the same mail sent again: kept once.
      await insertOutboxMail(deps.db, {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links,
        from: mail.from ?? null,
        cc: mail.cc ?? [],
        replyTo: mail.replyTo ?? null,
        messageId: mail.messageId ?? null,
        inReplyTo: mail.inReplyTo ?? null,
        references: mail.references ?? [],
        attachments: (mail.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          byteSize: attachment.content.length,
        })),
      });
      deps.logger.info({ to: mail.to, subject: mail.subject, links }, 'Mail stored in the outbox');
    },
  };
}

export function createSmtpMailer(deps: { smtpUrl: string; from: string; logger: FastifyBaseLogger }): Mailer {
  const transport = nodemailer.createTransport(deps.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from ?? deps.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.cc && mail.cc.length > 0 ? { cc: mail.cc } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
        ...(mail.references && mail.references.length > 0 ? { references: mail.references } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
      deps.logger.info({ to: mail.to, subject: mail.subject }, 'Mail sent');
    },
  };
}

/** SMTP when SMTP_URL is set, otherwise the outbox (loadConfig refuses production without SMTP). */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  deps: { db: Database; logger: FastifyBaseLogger },
): Mailer {
  if (config.smtpUrl)
    return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: deps.logger });
  return createOutboxMailer(deps);
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

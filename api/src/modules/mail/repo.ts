import type { TLocale } from '@dash/shared/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMails, users } from '../../db/schema';

export interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: Date;
  from: string | null;
  cc: string[];
  replyTo: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  attachments: { filename: string; contentType: string; byteSize: number }[];
}

/** Stores the mail once: one whose Message-ID is already there is ignored. */
export async function insertOutboxMail(db: Database, mail: Omit<OutboxRow, 'sentAt'>): Promise<void> {
  await db.insert(outboxMails).values(mail).onConflictDoNothing({ target: outboxMails.messageId });
}

/** Newest first; optionally only the mails to one address. */
export async function listOutboxMails(
  db: Database,
  options: { to?: string | undefined; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select({
      to: outboxMails.to,
      subject: outboxMails.subject,
      text: outboxMails.text,
      html: outboxMails.html,
      links: outboxMails.links,
      sentAt: outboxMails.sentAt,
      from: outboxMails.from,
      cc: outboxMails.cc,
      replyTo: outboxMails.replyTo,
      messageId: outboxMails.messageId,
      inReplyTo: outboxMails.inReplyTo,
      references: outboxMails.references,
      attachments: outboxMails.attachments,
    })
    .from(outboxMails)
    .where(options.to === undefined ? undefined : eq(outboxMails.to, options.to))
    .orderBy(desc(outboxMails.sentAt), desc(outboxMails.id))
    .limit(options.limit);
}

/** The language chosen by the user with this address: undefined when there is no such user or no choice. */
export async function findLocaleOfEmail(db: Database, email: string): Promise<TLocale | undefined> {
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, email)).limit(1);
  return user?.locale ?? undefined;
}

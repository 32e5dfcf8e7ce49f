import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMails } from '../../db/schema';

export interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: Date;
}

export async function insertOutboxMail(db: Database, mail: Omit<OutboxRow, 'sentAt'>): Promise<void> {
  await db.insert(outboxMails).values(mail);
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
    })
    .from(outboxMails)
    .where(options.to === undefined ? undefined : eq(outboxMails.to, options.to))
    .orderBy(desc(outboxMails.sentAt), desc(outboxMails.id))
    .limit(options.limit);
}

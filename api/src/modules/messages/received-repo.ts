import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messages } from '../../db/schema';

// The messages as other modules read them: the webhooks module words a message.created bus event
// from its message, and its sweep finds the inbound messages whose bus event was never published.

/** One of the organization's messages: its thread, direction and time. */
export async function findMessageOrigin(db: Database, organizationUid: string, messageUid: string) {
  const [row] = await db
    .select({ threadUid: messages.threadUid, direction: messages.direction, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.uid, messageUid), eq(messages.organizationUid, organizationUid)));
  return row;
}

/** The organization's inbound messages received since `since`. */
export function inboundMessagesSince(
  db: Database,
  organizationUid: string,
  since: Date,
): Promise<{ messageUid: string; threadUid: string }[]> {
  return db
    .select({ messageUid: messages.uid, threadUid: messages.threadUid })
    .from(messages)
    .where(
      and(
        eq(messages.organizationUid, organizationUid),
        eq(messages.direction, 'inbound'),
        gte(messages.createdAt, since),
      ),
    );
}

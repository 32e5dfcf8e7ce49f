import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  attachments,
  messages,
  organizationMailAddresses,
  organizations,
  providerAddresses,
  providers,
  threadReads,
  threads,
} from '../../db/schema';

export type ThreadRow = typeof threads.$inferSelect;

/** Every column of a message but its search vector (only the database reads that). */
const { search: _search, ...messageColumns } = getTableColumns(messages);
export type MessageRow = Omit<typeof messages.$inferSelect, 'search'>;

/** What a page of a thread shows (threading headers stay in the database: a page need not parse them). */
const messagePageColumns = {
  uid: messages.uid,
  threadUid: messages.threadUid,
  seq: messages.seq,
  fromAddress: messages.fromAddress,
  fromName: messages.fromName,
  to: messages.to,
  cc: messages.cc,
  text: messages.text,
  direction: messages.direction,
  delivery: messages.delivery,
  sentAt: messages.sentAt,
  /** The message's files, in order, in the same query (no second round trip per page). */
  // Written out with table names: inside a one-table select drizzle leaves columns unqualified.
  files: sql<PageAttachment[]>`coalesce((
    select json_agg(json_build_object(
      'uid', a.uid, 'organizationUid', a.organization_uid, 'filename', a.filename,
      'contentType', a.content_type, 'byteSize', a.byte_size) order by a.position)
    from attachments a where a.message_uid = "messages"."uid"), '[]'::json)`,
};

/** An attachment as a page shows it. */
export interface PageAttachment {
  uid: string;
  organizationUid: string;
  filename: string;
  contentType: string;
  byteSize: number;
}

export type MessagePageRow = Pick<MessageRow, Exclude<keyof typeof messagePageColumns, 'files'>> & {
  files: PageAttachment[];
};
export type AttachmentRow = typeof attachments.$inferSelect;
export type ProviderRow = typeof providers.$inferSelect;

/** A thread as the list shows it: with its provider and the reader's unread count. */
export interface ThreadListRow {
  thread: ThreadRow;
  provider: ProviderRow | null;
  unreadCount: number;
}

const threadListColumns = {
  thread: threads,
  provider: providers,
  unreadCount: sql<number>`greatest(${threads.messageCount} - coalesce(${threadReads.readSeq}, 0), 0)::int`,
};

/**
 * The Message Center's reads, prepared once per database (like the session lookup in auth/repo.ts):
 * PostgreSQL then parses and plans each of them once per connection instead of on every request
 * (planning cost more than running these indexed queries), and drizzle builds their SQL once.
 * Full-text search varies in shape and stays unprepared: it is typed, not polled.
 */
export function prepareMessageReads(db: Database) {
  const organizationUid = sql.placeholder('organizationUid');
  const userUid = sql.placeholder('userUid');
  const threadUid = sql.placeholder('threadUid');
  const limit = sql.placeholder('limit');
  const byActivity = [desc(threads.lastMessageAt), desc(threads.uid)] as const;
  const threadList = () =>
    db
      .select(threadListColumns)
      .from(threads)
      .leftJoin(providers, eq(providers.uid, threads.providerUid))
      .leftJoin(threadReads, and(eq(threadReads.threadUid, threads.uid), eq(threadReads.userUid, userUid)));

  const firstThreads = threadList()
    .where(eq(threads.organizationUid, organizationUid))
    .orderBy(...byActivity)
    .limit(limit)
    .prepare('messages_threads_first');
  const threadsAfter = threadList()
    .where(
      and(
        eq(threads.organizationUid, organizationUid),
        sql`(${threads.lastMessageAt}, ${threads.uid}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterUid')}::uuid)`,
      ),
    )
    .orderBy(...byActivity)
    .limit(limit)
    .prepare('messages_threads_after');
  const threadForReader = threadList()
    .where(and(eq(threads.uid, threadUid), eq(threads.organizationUid, organizationUid)))
    .prepare('messages_thread_for_reader');
  const page = () => db.select(messagePageColumns).from(messages);
  const newestPage = page()
    .where(eq(messages.threadUid, threadUid))
    .orderBy(desc(messages.seq))
    .limit(limit)
    .prepare('messages_page_newest');
  const pageBefore = page()
    .where(and(eq(messages.threadUid, threadUid), lt(messages.seq, sql.placeholder('before'))))
    .orderBy(desc(messages.seq))
    .limit(limit)
    .prepare('messages_page_before');
  const pageAfter = page()
    .where(and(eq(messages.threadUid, threadUid), gt(messages.seq, sql.placeholder('after'))))
    .orderBy(asc(messages.seq))
    .limit(limit)
    .prepare('messages_page_after');

  return {
    /** Newest activity first; `after` continues below a (lastMessageAt, uid) position; `q` is full text. */
    async listThreads(options: {
      organizationUid: string;
      userUid: string;
      q: string | undefined;
      after: { lastMessageAt: string; uid: string } | undefined;
      limit: number;
    }): Promise<ThreadListRow[]> {
      const { q, after, ...values } = options;
      if (q !== undefined) return searchThreads(db, { ...options, q });
      if (after === undefined) return firstThreads.execute(values);
      return threadsAfter.execute({ ...values, afterAt: after.lastMessageAt, afterUid: after.uid });
    },

    async findThreadForReader(where: {
      organizationUid: string;
      threadUid: string;
      userUid: string;
    }): Promise<ThreadListRow | undefined> {
      const [row] = await threadForReader.execute(where);
      return row;
    },

    /** One page of a thread by position: the `limit` before `before` (the newest without it), or after `after`. */
    async listThreadMessages(options: {
      threadUid: string;
      before: number | undefined;
      after: number | undefined;
      limit: number;
    }): Promise<MessagePageRow[]> {
      const { threadUid: uid, before, after, limit: size } = options;
      if (after !== undefined) return pageAfter.execute({ threadUid: uid, after, limit: size });
      const rows =
        before === undefined
          ? await newestPage.execute({ threadUid: uid, limit: size })
          : await pageBefore.execute({ threadUid: uid, before, limit: size });
      return rows.reverse();
    },
  };
}

async function searchThreads(
  db: Database,
  options: {
    organizationUid: string;
    userUid: string;
    q: string;
    after: { lastMessageAt: string; uid: string } | undefined;
    limit: number;
  },
): Promise<ThreadListRow[]> {
  // The provider's name too (the list shows it beside each thread): typed whole or in part.
  const providerName = `%${options.q.trim().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const conditions = [
    eq(threads.organizationUid, options.organizationUid),
    sql`(${threads.uid} in (select ${messages.threadUid} from ${messages} where ${messages.organizationUid} = ${options.organizationUid} and ${messages.search} @@ websearch_to_tsquery('english', ${options.q})) or ${providers.name} ilike ${providerName})`,
  ];
  if (options.after) {
    conditions.push(
      sql`(${threads.lastMessageAt}, ${threads.uid}) < (${options.after.lastMessageAt}::timestamptz, ${options.after.uid}::uuid)`,
    );
  }
  return db
    .select(threadListColumns)
    .from(threads)
    .leftJoin(providers, eq(providers.uid, threads.providerUid))
    .leftJoin(
      threadReads,
      and(eq(threadReads.threadUid, threads.uid), eq(threadReads.userUid, options.userUid)),
    )
    .where(and(...conditions))
    .orderBy(desc(threads.lastMessageAt), desc(threads.uid))
    .limit(options.limit);
}

export async function listAttachmentsOf(db: Database, messageUids: string[]): Promise<AttachmentRow[]> {
  if (messageUids.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(inArray(attachments.messageUid, messageUids))
    .orderBy(asc(attachments.messageUid), asc(attachments.position));
}

export async function findAttachment(
  db: Database,
  where: { organizationUid: string; attachmentUid: string },
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(
      and(eq(attachments.uid, where.attachmentUid), eq(attachments.organizationUid, where.organizationUid)),
    );
  return row;
}

/** The reader has read the thread up to its newest message (never moves back). */
export async function markThreadRead(
  db: Database,
  where: { threadUid: string; userUid: string; readSeq: number },
): Promise<void> {
  await db
    .insert(threadReads)
    .values({ threadUid: where.threadUid, userUid: where.userUid, readSeq: where.readSeq })
    .onConflictDoUpdate({
      target: [threadReads.threadUid, threadReads.userUid],
      set: { readSeq: sql`greatest(${threadReads.readSeq}, excluded.read_seq)`, readAt: sql`now()` },
    });
}

// ---- inbound resolution --------------------------------------------------------------------

export async function findProviderByAddress(db: Database, address: string): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select({ provider: providers })
    .from(providerAddresses)
    .innerJoin(providers, eq(providers.uid, providerAddresses.providerUid))
    .where(eq(providerAddresses.address, address));
  return row?.provider;
}

/** The organization a mailbox local part belongs to: its current slug first, then earlier ones. */
export async function findOrganizationByMailbox(
  db: Database,
  localPart: string,
): Promise<{ uid: string; slug: string; name: string } | undefined> {
  const columns = { uid: organizations.uid, slug: organizations.slug, name: organizations.name };
  const [current] = await db.select(columns).from(organizations).where(eq(organizations.slug, localPart));
  if (current) return current;
  const [earlier] = await db
    .select(columns)
    .from(organizationMailAddresses)
    .innerJoin(organizations, eq(organizations.uid, organizationMailAddresses.organizationUid))
    .where(eq(organizationMailAddresses.localPart, localPart));
  return earlier;
}

/** Records a slug as one of the organization's mailboxes (taking it over from whoever had it). */
export async function recordMailbox(db: Database, organizationUid: string, localPart: string): Promise<void> {
  await db
    .insert(organizationMailAddresses)
    .values({ localPart, organizationUid })
    .onConflictDoUpdate({ target: organizationMailAddresses.localPart, set: { organizationUid } });
}

export async function findThreadByToken(
  db: Database,
  token: string,
): Promise<{ uid: string; organizationUid: string } | undefined> {
  const [row] = await db
    .select({ uid: threads.uid, organizationUid: threads.organizationUid })
    .from(threads)
    .where(eq(threads.token, token));
  return row;
}

/** The thread holding the newest of these Message-IDs in the organization (In-Reply-To/References). */
export async function findThreadByMessageIds(
  db: Database,
  organizationUid: string,
  messageIds: string[],
): Promise<string | undefined> {
  if (messageIds.length === 0) return undefined;
  const [row] = await db
    .select({ threadUid: messages.threadUid })
    .from(messages)
    .where(and(eq(messages.organizationUid, organizationUid), inArray(messages.messageId, messageIds)))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.threadUid;
}

export async function findMessageByMessageId(
  db: Database,
  organizationUid: string,
  messageId: string,
): Promise<{ uid: string; threadUid: string } | undefined> {
  const [row] = await db
    .select({ uid: messages.uid, threadUid: messages.threadUid })
    .from(messages)
    .where(and(eq(messages.organizationUid, organizationUid), eq(messages.messageId, messageId)));
  return row;
}

// ---- writes -------------------------------------------------------------------------------

export async function insertThread(
  db: Database,
  values: {
    organizationUid: string;
    providerUid: string | null;
    name: string;
    token: string;
    lastMessageAt: Date;
  },
): Promise<ThreadRow> {
  const [row] = await db.insert(threads).values(values).returning();
  if (!row) throw new Error('insert into threads returned nothing');
  return row;
}

/**
 * Takes the next position in the thread (locking its row until the transaction ends, so positions
 * are gapless and in commit order) and moves its activity time and snippet along.
 */
export async function advanceThread(
  db: Database,
  where: { threadUid: string; organizationUid: string },
  message: { sentAt: Date; snippet: string },
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .update(threads)
    .set({
      messageCount: sql`${threads.messageCount} + 1`,
      lastMessageAt: sql`greatest(${threads.lastMessageAt}, ${message.sentAt.toISOString()}::timestamptz)`,
      snippet: message.snippet,
    })
    .where(and(eq(threads.uid, where.threadUid), eq(threads.organizationUid, where.organizationUid)))
    .returning();
  return row;
}

export type NewMessage = typeof messages.$inferInsert;

/** Inserts the message unless its Message-ID is already in the organization (then undefined). */
export async function insertMessage(db: Database, values: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await db
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: [messages.organizationUid, messages.messageId] })
    .returning(messageColumns);
  return row;
}

export async function insertAttachments(
  db: Database,
  rows: (typeof attachments.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(attachments).values(rows);
}

/** The newest message of a thread (what a reply answers) and the newest one received. */
export async function latestMessages(
  db: Database,
  threadUid: string,
): Promise<{ latest: MessageRow | undefined; latestInbound: MessageRow | undefined }> {
  const [latest] = await db
    .select(messageColumns)
    .from(messages)
    .where(eq(messages.threadUid, threadUid))
    .orderBy(desc(messages.seq))
    .limit(1);
  if (!latest || latest.direction === 'inbound') return { latest, latestInbound: latest };
  const [latestInbound] = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.threadUid, threadUid), eq(messages.direction, 'inbound')))
    .orderBy(desc(messages.seq))
    .limit(1);
  return { latest, latestInbound };
}

export async function firstProviderAddress(db: Database, providerUid: string): Promise<string | undefined> {
  const [row] = await db
    .select({ address: providerAddresses.address })
    .from(providerAddresses)
    .where(eq(providerAddresses.providerUid, providerUid))
    .orderBy(asc(providerAddresses.address))
    .limit(1);
  return row?.address;
}

/** An outbound reply with what sending it needs: its thread's token and the organization's name. */
export async function findReplyToSend(db: Database, messageUid: string) {
  const [row] = await db
    .select({ message: messageColumns, threadToken: threads.token, organizationName: organizations.name })
    .from(messages)
    .innerJoin(threads, eq(threads.uid, messages.threadUid))
    .innerJoin(organizations, eq(organizations.uid, messages.organizationUid))
    .where(and(eq(messages.uid, messageUid), eq(messages.direction, 'outbound')));
  return row;
}

export async function setDelivery(
  db: Database,
  messageUid: string,
  delivery: 'sent' | 'failed',
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ delivery, ...(delivery === 'sent' ? { deliveredAt: sql`now()` } : {}) })
    .where(and(eq(messages.uid, messageUid), eq(messages.delivery, 'sending')))
    .returning(messageColumns);
  return row;
}

/** The members who wrote in a thread (its outbound messages' authors). */
export async function listThreadAuthors(db: Database, threadUid: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ uid: messages.authorUid })
    .from(messages)
    .where(and(eq(messages.threadUid, threadUid), isNotNull(messages.authorUid)));
  return rows.flatMap((row) => (row.uid ? [row.uid] : []));
}

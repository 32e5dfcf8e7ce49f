/** The Message Center: mailboxes, threads, messages, reads, attachments and uploads in progress. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList, tsvector } from './columns';
import { organizations, users } from './identity';
import { providers } from './providers';

/**
 * Every mailbox local part an organization has had (`<slug>@CLIENT_MAIL_DOMAIN`): its current slug
 * and the earlier ones, so mail to an old address still arrives. The current slug of an organization
 * always wins; a local part points at the organization that took it last.
 */
export const organizationMailAddresses = pgTable(
  'organization_mail_addresses',
  {
    localPart: text('local_part').primaryKey(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('organization_mail_addresses_organization_uid_idx').on(table.organizationUid)],
);

/** A conversation of an organization with a provider (an e-mail thread). */
export const threads = pgTable(
  'threads',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    providerUid: uuid('provider_uid').references(() => providers.uid, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Replies come back to reply+<token>@CLIENT_MAIL_DOMAIN. */
    token: text('token').notNull().unique(),
    /** Also the seq of its newest message (messages are numbered 1, 2, … per thread). */
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    snippet: text('snippet').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('threads_organization_activity_idx').on(
      table.organizationUid,
      table.lastMessageAt.desc(),
      table.uid.desc(),
    ),
  ],
);

export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
export const MESSAGE_DELIVERY_STATES = ['received', 'sending', 'sent', 'failed'] as const;

export const messages = pgTable(
  'messages',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    threadUid: uuid('thread_uid')
      .notNull()
      .references(() => threads.uid, { onDelete: 'cascade' }),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    /** Position in the thread (1 is the first); pages are cut by it. */
    seq: integer('seq').notNull(),
    /** RFC 5322 Message-ID without the angle brackets; unique per organization (duplicates are ignored). */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    to: jsonb('to').$type<string[]>().notNull().default([]),
    cc: jsonb('cc').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull().default(''),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    /** The member who wrote an outbound reply. */
    authorUid: uuid('author_uid').references(() => users.uid, { onDelete: 'set null' }),
    delivery: text('delivery', { enum: MESSAGE_DELIVERY_STATES }).notNull(),
    /** The mail's date (its Date header for inbound mail, never in the future). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** When an outbound reply was handed to the mail service. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', subject || ' ' || text)`),
  },
  (table) => [
    uniqueIndex('messages_organization_message_id_unique').on(table.organizationUid, table.messageId),
    uniqueIndex('messages_thread_seq_unique').on(table.threadUid, table.seq),
    index('messages_search_idx').using('gin', table.search),
    check('messages_direction_check', sql`${table.direction} in (${sqlList(MESSAGE_DIRECTIONS)})`),
    check('messages_delivery_check', sql`${table.delivery} in (${sqlList(MESSAGE_DELIVERY_STATES)})`),
  ],
);

/** How far each user has read each thread: unread = message_count - read_seq. */
export const threadReads = pgTable(
  'thread_reads',
  {
    threadUid: uuid('thread_uid')
      .notNull()
      .references(() => threads.uid, { onDelete: 'cascade' }),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    readSeq: integer('read_seq').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.threadUid, table.userUid] })],
);

/** A file of a message; its bytes are in the blob store under blob_key. */
export const attachments = pgTable(
  'attachments',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    messageUid: uuid('message_uid')
      .notNull()
      .references(() => messages.uid, { onDelete: 'cascade' }),
    /** Order within the message. */
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('attachments_message_uid_idx').on(table.messageUid)],
);

export const TEMP_FILE_STATES = ['pending', 'uploading', 'uploaded'] as const;

/**
 * A signed upload (POST uploads, then PUT): pending until its one PUT starts, uploaded once the
 * bytes are in the blob store. Referencing it (a reply attachment) deletes the row and keeps the
 * blob; rows nothing referenced within 24 hours are purged with their blobs.
 */
export const tempFiles = pgTable(
  'temp_files',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    status: text('status', { enum: TEMP_FILE_STATES }).notNull().default('pending'),
    blobKey: text('blob_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('temp_files_created_at_idx').on(table.createdAt),
    check('temp_files_status_check', sql`${table.status} in (${sqlList(TEMP_FILE_STATES)})`),
  ],
);

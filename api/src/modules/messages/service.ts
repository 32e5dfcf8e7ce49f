import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  attachmentDownloadPath,
  codedMessage,
  isClientMailAddress,
  type TMessage,
  type TOrganization,
  type TOrganizationEvent,
  type TThread,
  type TThreadMessagesResponse,
  type TThreadsResponse,
  type TUser,
  type ZReplyRequest,
  type ZThreadMessagesQuery,
  type ZThreadsQuery,
} from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { BlobStore } from '../../blobs/store';
import type { MessagesConfig } from '../../config';
import { crashPoint } from '../../crash-point';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { AppError } from '../../http/errors';
import { downloadContentType } from '../../http/file-download';
import { enqueueJob, type JobRunner } from '../../jobs/runner';
import { escapeHtml, type Mailer } from '../mail/index';
import type { UploadService } from '../uploads/index';
import { snippetOf } from './inbound';
import {
  advanceThread,
  findAttachment,
  findReplyToSend,
  firstProviderAddress,
  insertAttachments,
  insertMessage,
  latestMessages,
  listAttachmentsOf,
  type MessagePageRow,
  markThreadRead,
  type PageAttachment,
  prepareMessageReads,
  setDelivery,
  type ThreadListRow,
} from './repo';

export const SEND_REPLY_JOB = 'messages.send-reply';
const ZSendReplyPayload = z.object({ messageUid: z.string() });

type ReaderContext = { organization: TOrganization; user: TUser };

function toThread(row: ThreadListRow): TThread {
  return {
    uid: row.thread.uid,
    name: row.thread.name,
    createdAt: row.thread.createdAt.toISOString(),
    provider: row.provider
      ? { uid: row.provider.uid, name: row.provider.name, imageUrl: row.provider.imageUrl }
      : null,
    lastMessageAt: row.thread.lastMessageAt.toISOString(),
    messageCount: row.thread.messageCount,
    unreadCount: row.unreadCount,
    snippet: row.thread.snippet,
  };
}

function toMessage(row: Omit<MessagePageRow, 'files'>, files: PageAttachment[]): TMessage {
  return {
    uid: row.uid,
    threadUid: row.threadUid,
    from: row.fromAddress,
    fromName: row.fromName,
    to: row.to,
    cc: row.cc,
    text: row.text,
    createdAt: row.sentAt.toISOString(),
    attachments: files.map((file) => ({
      uid: file.uid,
      fileName: file.filename,
      byteSize: Number(file.byteSize),
      contentType: file.contentType,
      url: attachmentDownloadPath(file.organizationUid, file.uid),
    })),
    own: row.direction === 'outbound',
    delivery: row.delivery,
  };
}

/** Thread list cursor: the last row's activity time and uid. */
function encodeThreadCursor(row: ThreadListRow): string {
  return Buffer.from(`${row.thread.lastMessageAt.toISOString()}|${row.thread.uid}`).toString('base64url');
}

const CURSOR_TIME_MIN = Date.parse('0001-01-01T00:00:00.000Z');
const CURSOR_TIME_MAX = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Only the exact form encodeThreadCursor writes: the text goes to PostgreSQL as a timestamptz, which
 * refuses or reads differently much of what Date.parse takes ('1', 'March 7', '2020-02-30', '+275760-…').
 */
function isCursorTime(at: string): boolean {
  const time = Date.parse(at);
  return time >= CURSOR_TIME_MIN && time <= CURSOR_TIME_MAX && new Date(time).toISOString() === at;
}

function decodeThreadCursor(cursor: string): { lastMessageAt: string; uid: string } {
  const [at, uid] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !uid || !isCursorTime(at) || !z.uuid().safeParse(uid).success) {
    throw new AppError('VALIDATION', codedMessage('messages.invalidPageCursor'), {
      cursor: codedMessage('messages.invalidPageCursor'),
    });
  }
  return { lastMessageAt: at, uid };
}

/** Message page cursor: a position in the thread. */
function decodeSeqCursor(cursor: string | undefined, field: string): number | undefined {
  if (cursor === undefined) return undefined;
  if (!/^\d{1,9}$/.test(cursor))
    throw new AppError('VALIDATION', codedMessage('messages.invalidPageCursor'), {
      [field]: codedMessage('messages.invalidPageCursor'),
    });
  return Number(cursor);
}

export type MessageService = ReturnType<typeof createMessageService>;

export function createMessageService(deps: {
  db: Database;
  blobs: BlobStore;
  events: EventBus;
  uploads: UploadService;
  mailer: Mailer;
  jobs: JobRunner;
  config: MessagesConfig;
  log: FastifyBaseLogger;
}) {
  const { db, config, log } = deps;
  const domain = config.clientMailDomain;
  const mailboxOf = (organization: { slug: string }) => `${organization.slug}@${domain}`;

  async function publish(organizationUid: string, event: TOrganizationEvent): Promise<void> {
    try {
      await deps.events.publish(organizationUid, event);
    } catch (error) {
      log.error({ err: error, organizationUid, event }, 'Publishing an event failed');
    }
  }

  const reads = prepareMessageReads(db);

  async function threadFor(context: ReaderContext, threadUid: string): Promise<ThreadListRow> {
    const row = await reads.findThreadForReader({
      organizationUid: context.organization.uid,
      threadUid,
      userUid: context.user.uid,
    });
    if (!row) throw new AppError('NOT_FOUND', codedMessage('messages.conversationNotFound'));
    return row;
  }

  // Sending happens after the commit, as a job: retried with backoff, never lost. The Message-ID
  // is fixed when the reply is stored, so a send repeated after a crash is the same mail (the
  // outbox keeps it once; a receiving mail system recognises it); `delivery` records it went out.
  deps.jobs.register({
    kind: SEND_REPLY_JOB,
    payload: ZSendReplyPayload,
    maxAttempts: 8,
    async handle({ messageUid }, context) {
      const found = await findReplyToSend(db, messageUid);
      if (found?.message.delivery !== 'sending') return;
      const { message, threadToken, organizationName } = found;
      const files = await listAttachmentsOf(db, [message.uid]);
      const attachments = [];
      for (const file of files) {
        const content = await deps.blobs.read(file.blobKey);
        if (!content) throw new Error(`The blob of attachment ${file.uid} is missing`);
        attachments.push({ filename: file.filename, contentType: file.contentType, content });
      }
      const [to = '', ...moreTo] = message.to;
      await deps.mailer.send({
        from: `"${organizationName.replace(/["\\]/g, '')}" <${message.fromAddress}>`,
        to: [to, ...moreTo].join(', '),
        cc: message.cc,
        replyTo: `reply+${threadToken}@${domain}`,
        subject: message.subject,
        text: message.text,
        html: `<div style="white-space: pre-wrap">${escapeHtml(message.text)}</div>`,
        messageId: `<${message.messageId}>`,
        ...(message.inReplyTo ? { inReplyTo: `<${message.inReplyTo}>` } : {}),
        references: message.references.map((id) => `<${id}>`),
        attachments,
      });
      crashPoint('messages.send-reply.after-send');
      const updated = await setDelivery(db, message.uid, 'sent');
      context.log.info({ messageUid, to: message.to }, 'Reply sent');
      if (updated) {
        await publish(message.organizationUid, {
          type: 'message.updated',
          threadUid: message.threadUid,
          messageUid,
        });
      }
    },
    async onGiveUp({ messageUid }, error, context) {
      const updated = await setDelivery(db, messageUid, 'failed');
      context.log.error({ err: error, messageUid }, 'Reply could not be sent');
      if (updated) {
        await publish(updated.organizationUid, {
          type: 'message.updated',
          threadUid: updated.threadUid,
          messageUid,
        });
      }
    },
  });

  return {
    mailboxOf,

    /** GET messages: newest activity first, with the reader's unread counts; `q` searches full text. */
    async listThreads(
      context: ReaderContext,
      query: z.output<typeof ZThreadsQuery>,
    ): Promise<TThreadsResponse> {
      const rows = await reads.listThreads({
        organizationUid: context.organization.uid,
        userUid: context.user.uid,
        q: query.q,
        after: query.cursor === undefined ? undefined : decodeThreadCursor(query.cursor),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(toThread),
        nextCursor: rows.length > query.limit && last ? encodeThreadCursor(last) : null,
        mailbox: mailboxOf(context.organization),
        clientMailDomain: domain,
      };
    },

    /** GET messages/{threadUid}: one page, oldest first (the newest page without a cursor). */
    async threadPage(
      context: ReaderContext,
      threadUid: string,
      query: z.output<typeof ZThreadMessagesQuery>,
    ): Promise<TThreadMessagesResponse> {
      const before = decodeSeqCursor(query.before, 'before');
      const after = decodeSeqCursor(query.after, 'after');
      const thread = await threadFor(context, threadUid);
      const rows = await reads.listThreadMessages({ threadUid, before, after, limit: query.limit });
      const first = rows[0];
      const last = rows.at(-1);
      return {
        data: rows.map((row) => toMessage(row, row.files)),
        thread: toThread(thread),
        prevCursor: first && first.seq > 1 ? String(first.seq) : null,
        nextCursor: last && last.seq < thread.thread.messageCount ? String(last.seq) : null,
        clientMailDomain: domain,
      };
    },

    /**
     * POST messages/{threadUid}: stores the reply (from the organization's mailbox, to the thread's
     * correspondents, threaded on its newest message) with its uploaded files, marks the thread read
     * for its author and enqueues the send, all in one transaction; the send runs after the commit.
     */
    async reply(
      context: ReaderContext,
      threadUid: string,
      input: z.output<typeof ZReplyRequest>,
    ): Promise<TMessage> {
      const uid = randomUUID();
      const organizationUid = context.organization.uid;
      const ownMailbox = mailboxOf(context.organization);
      const sentAt = new Date();
      const stored = await db.transaction(async (tx) => {
        const thread = await advanceThread(
          tx,
          { threadUid, organizationUid },
          { sentAt, snippet: snippetOf(input.content) },
        );
        if (!thread) throw new AppError('NOT_FOUND', codedMessage('messages.conversationNotFound'));
        const { latest, latestInbound } = await latestMessages(tx, threadUid);

        const own = (address: string) => isClientMailAddress(address, domain);
        const fallback = thread.providerUid ? await firstProviderAddress(tx, thread.providerUid) : undefined;
        const to = latestInbound ? [latestInbound.fromAddress] : fallback ? [fallback] : [];
        if (to.length === 0)
          throw new AppError('CONFLICT', codedMessage('messages.conversationNoRecipients'));
        const cc = latestInbound
          ? [...new Set([...latestInbound.to, ...latestInbound.cc])].filter(
              (address) => !own(address) && !to.includes(address),
            )
          : [];
        const references = latest
          ? [...latest.references, latest.messageId]
              .filter((id, index, all) => all.indexOf(id) === index)
              .slice(-50)
          : [];

        const files = await deps.uploads.take(
          tx,
          { organizationUid, userUid: context.user.uid },
          input.attachments.map((attachment) => attachment.tempFileId),
        );
        const message = await insertMessage(tx, {
          uid,
          threadUid,
          organizationUid,
          seq: thread.messageCount,
          messageId: `${uid}@${domain}`,
          inReplyTo: latest?.messageId ?? null,
          references,
          fromAddress: ownMailbox,
          fromName: context.organization.name,
          to,
          cc,
          subject: `Re: ${thread.name}`,
          text: input.content.replace(/\r\n/g, '\n').trimEnd(),
          direction: 'outbound',
          authorUid: context.user.uid,
          delivery: 'sending',
          sentAt,
        });
        if (!message) throw new Error('A new reply collided with an existing Message-ID');
        const attachmentRows = input.attachments.map((attachment, position) => {
          const file = files.get(attachment.tempFileId);
          if (!file) throw new Error('take() returned without a file it promised');
          return {
            uid: randomUUID(),
            organizationUid,
            messageUid: uid,
            position,
            filename: attachment.filename,
            contentType: file.contentType,
            byteSize: file.byteSize,
            blobKey: file.blobKey,
          };
        });
        await insertAttachments(tx, attachmentRows);
        await markThreadRead(tx, { threadUid, userUid: context.user.uid, readSeq: thread.messageCount });
        await enqueueJob(tx, {
          kind: SEND_REPLY_JOB,
          payload: { messageUid: uid },
          key: `${SEND_REPLY_JOB}:${uid}`,
        });
        return { message, attachmentRows };
      });
      deps.jobs.wake();
      await publish(organizationUid, { type: 'message.created', threadUid, messageUid: uid });
      return toMessage(stored.message, stored.attachmentRows);
    },

    /** POST messages/{threadUid}/read: the reader has seen every message so far. */
    async markRead(context: ReaderContext, threadUid: string): Promise<void> {
      const thread = await threadFor(context, threadUid);
      await markThreadRead(db, {
        threadUid,
        userUid: context.user.uid,
        readSeq: thread.thread.messageCount,
      });
      await publish(context.organization.uid, { type: 'thread.read', threadUid, userUid: context.user.uid });
    },

    /** An attachment of the organization, with a stream of its bytes (404 otherwise). */
    async download(
      organizationUid: string,
      attachmentUid: string,
    ): Promise<{ filename: string; contentType: string; byteSize: number; body: Readable }> {
      const file = await findAttachment(db, { organizationUid, attachmentUid });
      if (!file) throw new AppError('NOT_FOUND', codedMessage('messages.attachmentNotFound'));
      const blob = await deps.blobs.get(file.blobKey);
      if (!blob) {
        log.error({ attachmentUid, blobKey: file.blobKey }, 'Attachment blob missing');
        throw new AppError('NOT_FOUND', codedMessage('messages.attachmentNotFound'));
      }
      return {
        filename: file.filename,
        contentType: downloadContentType(file.contentType),
        byteSize: blob.byteSize,
        body: blob.body,
      };
    },
  };
}

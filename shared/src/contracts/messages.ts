import {
  API_PREFIX,
  coded,
  deferred,
  english,
  ZPageCursor as ZCursor,
  ZIsoDateTime,
  ZPageSize,
  ZUid,
} from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { UPLOAD_FILENAME_MAX } from './uploads';

/**
 * Message Center: e-mail conversations between an organization and its payment providers.
 * Every organization receives mail at `<slug>@<CLIENT_MAIL_DOMAIN>`; replies go out from that
 * address with Reply-To `reply+<threadToken>@<CLIENT_MAIL_DOMAIN>`.
 */

/** Default of CLIENT_MAIL_DOMAIN; the API tells the actual one (clientMailDomain in its answers). */
export const DEFAULT_CLIENT_MAIL_DOMAIN = 'client.dash.localhost';
/** Shown when a thread has no provider. */
export const UNKNOWN_PROVIDER_NAME = 'Unknown';

/** GET messages: threads per page (default and maximum). */
export const THREADS_PAGE_SIZE_DEFAULT = 50;
export const THREADS_PAGE_SIZE_MAX = 100;
/** GET messages/{threadUid}: messages per page (default and maximum). */
export const MESSAGES_PAGE_SIZE_DEFAULT = 50;
export const MESSAGES_PAGE_SIZE_MAX = 200;
export const SEARCH_QUERY_MAX = 200;
export const REPLY_CONTENT_MAX = 50_000;
export const REPLY_ATTACHMENTS_MAX = 20;

export const REPLY_EMPTY_MESSAGE = english('messages.messageEmpty');
export const REPLY_TOO_LONG_MESSAGE = english('messages.messageTooLong');
export const REPLY_TOO_MANY_ATTACHMENTS_MESSAGE = english('messages.attachmentsTooMany');
export const REPLY_ATTACHED_TWICE_MESSAGE = english('messages.attachmentAttachedTwice');
export const THREAD_NOT_FOUND_MESSAGE = english('messages.conversationNotFound');
export const ATTACHMENT_NOT_FOUND_MESSAGE = english('messages.attachmentNotFound');
export const INVALID_CURSOR_MESSAGE = english('messages.invalidPageCursor');

/** True for an address at the client mail domain (the spec shows those as 'me'). */
export function isClientMailAddress(address: string, clientMailDomain: string): boolean {
  return address.trim().toLowerCase().endsWith(`@${clientMailDomain.toLowerCase()}`);
}

/** GET /api/v0/organizations/{orgUid}/attachments/{attachmentUid}: a plain link (no header needed). */
export const attachmentDownloadPath = (organizationUid: string, attachmentUid: string) =>
  `${API_PREFIX}/organizations/${encodeURIComponent(organizationUid)}/attachments/${encodeURIComponent(attachmentUid)}`;

export const ZProvider = deferred(() =>
  z.object({
    uid: ZUid,
    name: z.string(),
    imageUrl: z.string().nullable(),
  }),
);
export type TProvider = z.infer<typeof ZProvider>;

/**
 * The name a conversation gets from a mail without a subject: stored and searched as it is (English,
 * as mail is), and shown in the reader's language (remote-messages' thread.noSubject).
 */
export const THREAD_NO_SUBJECT = '(no subject)';

/** The spec's Thread, plus what the list shows: last activity, the user's unread count, a snippet. */
export const ZThread = deferred(() =>
  z.object({
    uid: ZUid,
    name: z.string(),
    createdAt: ZIsoDateTime,
    /** null: no provider ('Unknown'). */
    provider: ZProvider.nullable(),
    /** When the newest message arrived (the list is sorted by it, newest first). */
    lastMessageAt: ZIsoDateTime,
    messageCount: z.number().int().min(0),
    /** Messages the current user has not read yet (per user; 0 once POST messages/{uid}/read). */
    unreadCount: z.number().int().min(0),
    /** The start of the newest message's text. */
    snippet: z.string(),
  }),
);
export type TThread = z.infer<typeof ZThread>;

/** GET messages (org header): `q` searches subjects and texts (full text) and provider names; `cursor` is a nextCursor. */
export const ZThreadsQuery = deferred(() =>
  z.object({
    q: z
      .string()
      .trim()
      .max(SEARCH_QUERY_MAX, coded('messages.searchTooLong'))
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    cursor: ZCursor.optional(),
    limit: ZPageSize(THREADS_PAGE_SIZE_DEFAULT, THREADS_PAGE_SIZE_MAX),
  }),
);
export type TThreadsQuery = z.input<typeof ZThreadsQuery>;

export const ZThreadsResponse = deferred(() =>
  z.object({
    /** Newest activity first. */
    data: z.array(ZThread),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
    /** The organization's own address, e.g. acme-treasury@client.dash.localhost. */
    mailbox: z.string(),
    clientMailDomain: z.string(),
  }),
);
export type TThreadsResponse = z.infer<typeof ZThreadsResponse>;

export const ZThreadParams = deferred(() => z.strictObject({ threadUid: ZUid }));
export type TThreadParams = z.infer<typeof ZThreadParams>;

/** The spec's attachment {uid, fileName, byteSize}, plus its type and download URL. */
export const ZAttachment = deferred(() =>
  z.object({
    uid: ZUid,
    fileName: z.string(),
    byteSize: z.number().int().min(0),
    contentType: z.string(),
    /** attachmentDownloadPath(organizationUid, uid) */
    url: z.string(),
  }),
);
export type TAttachment = z.infer<typeof ZAttachment>;

export const MESSAGE_DELIVERIES = ['received', 'sending', 'sent', 'failed'] as const;
export const ZMessageDelivery = deferred(() => z.enum(MESSAGE_DELIVERIES));
export type TMessageDelivery = z.infer<typeof ZMessageDelivery>;

/** The spec's Message: addresses are bare e-mail addresses (lowercased). */
export const ZMessage = deferred(() =>
  z.object({
    uid: ZUid,
    threadUid: ZUid,
    from: z.string(),
    /** The sender's display name as written in the mail (never trusted for identity), or null. */
    fromName: z.string().nullable(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    text: z.string(),
    createdAt: ZIsoDateTime,
    attachments: z.array(ZAttachment),
    /** Sent by the organization (a reply from the dashboard): shown right-aligned. */
    own: z.boolean(),
    /** received (inbound); sending → sent, or failed after every retry (own messages). */
    delivery: ZMessageDelivery,
  }),
);
export type TMessage = z.infer<typeof ZMessage>;

/**
 * GET messages/{threadUid} (org header). Without a cursor: the NEWEST page. `before=<prevCursor>`
 * pages back to older messages, `after=<nextCursor>` forward to newer ones (one of the two at most).
 * Each page is oldest first.
 */
export const ZThreadMessagesQuery = deferred(() =>
  z
    .object({
      before: ZCursor.optional(),
      after: ZCursor.optional(),
      limit: ZPageSize(MESSAGES_PAGE_SIZE_DEFAULT, MESSAGES_PAGE_SIZE_MAX),
    })
    .refine((query) => query.before === undefined || query.after === undefined, {
      ...coded('messages.beforeOrAfter'),
      path: ['after'],
    }),
);
export type TThreadMessagesQuery = z.input<typeof ZThreadMessagesQuery>;

export const ZThreadMessagesResponse = deferred(() =>
  z.object({
    /** Oldest first. */
    data: z.array(ZMessage),
    thread: ZThread,
    /** Pass as `before` for the page of older messages; null when this page starts the thread. */
    prevCursor: z.string().nullable(),
    /** Pass as `after` for the page of newer messages; null when this page ends the thread. */
    nextCursor: z.string().nullable(),
    clientMailDomain: z.string(),
  }),
);
export type TThreadMessagesResponse = z.infer<typeof ZThreadMessagesResponse>;

/** The spec's Reply payload attachment: a temp file from POST uploads and the name to send it as. */
export const ZReplyAttachment = deferred(() =>
  z.strictObject({
    filename: z
      .string(coded('messages.fileNameRequired'))
      .trim()
      .min(1, coded('messages.fileNameRequired'))
      .max(UPLOAD_FILENAME_MAX, coded('messages.fileNameTooLong')),
    tempFileId: ZUid,
  }),
);
export type TReplyAttachment = z.infer<typeof ZReplyAttachment>;

/**
 * Text that shows nothing: white space, and the invisible format characters trim() keeps (zero-width
 * space and joiners, word joiner, byte order mark), so a reply of them alone is empty too.
 */
export function isBlankText(text: string): boolean {
  return text.replace(/[\s\u200B-\u200D\u2060\uFEFF]/g, '') === '';
}

/** POST messages/{threadUid} (org header; Admin or Editor): blocked when empty (spec section 5). */
export const ZReplyRequest = deferred(() =>
  z
    .strictObject({
      content: z
        .string(coded('messages.messageEmpty'))
        .max(REPLY_CONTENT_MAX, coded('messages.messageTooLong')),
      attachments: z
        .array(ZReplyAttachment)
        .max(REPLY_ATTACHMENTS_MAX, coded('messages.attachmentsTooMany'))
        // One upload is one file: taken once, it would otherwise go out twice under two names.
        .refine(
          (attachments) =>
            new Set(attachments.map((attachment) => attachment.tempFileId.toLowerCase())).size ===
            attachments.length,
          coded('messages.attachmentAttachedTwice'),
        )
        .default([]),
    })
    .refine((reply) => !isBlankText(reply.content) || reply.attachments.length > 0, {
      ...coded('messages.messageEmpty'),
      path: ['content'],
    }),
);
export type TReplyRequest = z.input<typeof ZReplyRequest>;

/** 201 with the stored reply (delivery 'sending'; it goes out after the commit). */
export const ZReplyResponse = deferred(() => z.object({ data: ZMessage }));
export type TReplyResponse = z.infer<typeof ZReplyResponse>;

/**
 * POST /api/v0/inbound/email: the raw mail (`Content-Type: message/rfc822`) as the body, signed
 * with `X-Inbound-Signature: sha256=<hex HMAC-SHA256 of the body with INBOUND_SECRET>`.
 */
export const INBOUND_EMAIL_CONTENT_TYPE = 'message/rfc822';
export const INBOUND_SIGNATURE_HEADER = 'x-inbound-signature';

export const ZInboundDelivery = deferred(() =>
  z.object({
    organizationUid: ZUid,
    threadUid: ZUid,
    messageUid: ZUid,
    /** duplicate: a mail with this Message-ID was already stored for that organization (ignored). */
    status: z.enum(['stored', 'duplicate']),
  }),
);
export type TInboundDelivery = z.infer<typeof ZInboundDelivery>;

export const ZInboundEmailResponse = deferred(() => z.object({ data: z.array(ZInboundDelivery) }));
export type TInboundEmailResponse = z.infer<typeof ZInboundEmailResponse>;

import {
  codedMessage,
  english,
  INBOUND_EMAIL_CONTENT_TYPE,
  INBOUND_SIGNATURE_HEADER,
  ZInboundEmailResponse,
  ZReplyRequest,
  ZReplyResponse,
  ZThreadMessagesQuery,
  ZThreadMessagesResponse,
  ZThreadParams,
  ZThreadsQuery,
  ZThreadsResponse,
} from '@dash/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors';
import { defineOrganizationFileLink } from '../../http/file-download';
import { organizationGuard } from '../../http/guards';
import { hmacSha256Matches } from '../../http/hmac';
import { defineRoute } from '../../http/route';
import type { InboundService } from './inbound';
import type { MessageService } from './service';

export const INBOUND_SIGNATURE_MESSAGE = english('messages.inboundSignatureInvalid');

/** `sha256=<hex>` of HMAC-SHA256(body, secret), compared in constant time. */
export function signatureMatches(
  secret: string,
  body: Buffer,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  return match?.[1] !== undefined && hmacSha256Matches(secret, match[1], body);
}

export function registerMessageRoutes(app: FastifyInstance, deps: { messages: MessageService }): void {
  defineRoute(app, {
    method: 'GET',
    url: '/messages',
    messageCodes: ['messages.invalidPageCursor'],
    guard: organizationGuard('messages.read'),
    query: ZThreadsQuery,
    response: ZThreadsResponse,
    // What every open Message Center refetches on each event; a search is typed, not polled.
    cacheKey: ({ auth, query }) =>
      query.q === undefined
        ? JSON.stringify([auth.organization.uid, auth.user.uid, query.cursor, query.limit])
        : undefined,
    async handler({ auth, query }) {
      return deps.messages.listThreads(auth, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/messages/:threadUid',
    messageCodes: ['messages.conversationNotFound', 'messages.invalidPageCursor'],
    guard: organizationGuard('messages.read'),
    params: ZThreadParams,
    query: ZThreadMessagesQuery,
    response: ZThreadMessagesResponse,
    // Per reader: the thread in the answer carries their unread count.
    cacheKey: ({ auth, params, query }) =>
      JSON.stringify([
        auth.organization.uid,
        auth.user.uid,
        params.threadUid,
        query.before,
        query.after,
        query.limit,
      ]),
    async handler({ auth, params, query }) {
      return deps.messages.threadPage(auth, params.threadUid, query);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/messages/:threadUid',
    messageCodes: [
      'messages.conversationNotFound',
      'messages.conversationNoRecipients',
      'messages.attachmentGone',
    ],
    status: 201,
    guard: organizationGuard('messages.reply'),
    params: ZThreadParams,
    body: ZReplyRequest,
    response: ZReplyResponse,
    async handler({ auth, params, body }) {
      return { data: await deps.messages.reply(auth, params.threadUid, body) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/messages/:threadUid/read',
    messageCodes: ['messages.conversationNotFound'],
    guard: organizationGuard('messages.read'),
    params: ZThreadParams,
    response: null,
    async handler({ auth, params }) {
      await deps.messages.markRead(auth, params.threadUid);
    },
  });

  defineOrganizationFileLink(app, {
    collection: 'attachments',
    summary: 'Download an attachment (members only; a link, so the organization is in the path)',
    permission: 'messages.read',
    notFoundMessage: codedMessage('messages.attachmentNotFound'),
    load: (organizationUid, attachmentUid) => deps.messages.download(organizationUid, attachmentUid),
  });
}

export const INBOUND_CONTENT_TYPE_MESSAGE = english('messages.inboundContentType', {
  type: INBOUND_EMAIL_CONTENT_TYPE,
});

/** Any other body type in the inbound scope is a 415 that says what to send. */
function addRawMailOnly(app: FastifyInstance): void {
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        codedMessage('messages.inboundContentType', { type: INBOUND_EMAIL_CONTENT_TYPE }),
      ),
      undefined,
    ),
  );
}

/**
 * POST inbound/email: a raw mail (message/rfc822) from an e-mail provider's inbound webhook,
 * signed with INBOUND_SECRET (X-Inbound-Signature: sha256=<hex>), in its own plugin scope with
 * its own body limit. 200 with one delivery per organization (stored or duplicate); 401 for a bad
 * signature, 404 for no known mailbox, 403 for a sender no provider owns.
 */
export async function registerInboundRoutes(
  app: FastifyInstance,
  deps: { inbound: InboundService; secret: string; maxBytes: number },
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    INBOUND_EMAIL_CONTENT_TYPE,
    { parseAs: 'buffer', bodyLimit: deps.maxBytes },
    (_request, body, done) => done(null, body),
  );
  addRawMailOnly(app);

  defineRoute(app, {
    method: 'POST',
    url: '/inbound/email',
    messageCodes: [
      'messages.inboundSignatureInvalid',
      'messages.inboundUnknownProvider',
      'messages.inboundContentType',
      'messages.inboundNoFrom',
      'messages.inboundNoMailbox',
      'messages.inboundNoMailboxNoRecipients',
    ],
    access: {
      security: [],
      headers: [{ name: INBOUND_SIGNATURE_HEADER, description: 'HMAC-SHA256 of the raw message (hex)' }],
      errors: ['UNAUTHENTICATED'],
    },
    guard: async (request) => {
      const body = request.body;
      if (
        !Buffer.isBuffer(body) ||
        !signatureMatches(deps.secret, body, request.headers[INBOUND_SIGNATURE_HEADER])
      ) {
        request.log.warn({ ip: request.ip }, 'Inbound mail with a bad signature refused');
        throw new AppError('UNAUTHENTICATED', codedMessage('messages.inboundSignatureInvalid'));
      }
      return body;
    },
    response: ZInboundEmailResponse,
    async handler({ request, auth: raw }) {
      const deliveries = await deps.inbound.receive(raw, { via: 'webhook' });
      // A mail that reached one organization's mailboxes changed that organization's data only: the
      // read cache forgets its reads (http/read-cache.ts). Several: everything, as for any write.
      const reached = new Set(deliveries.map((delivery) => delivery.organizationUid));
      if (reached.size === 1) request.organizationScope = [...reached][0] ?? null;
      return { data: deliveries };
    },
  });
}

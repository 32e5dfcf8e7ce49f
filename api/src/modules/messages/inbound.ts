import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TInboundDelivery, TOrganizationEvent } from '@dash/shared/contracts';
import { codedMessage, THREAD_NO_SUBJECT } from '@dash/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type AddressObject, simpleParser } from 'mailparser';
import type { BlobStore } from '../../blobs/store';
import type { MessagesConfig } from '../../config';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { AppError, type TAppMessage } from '../../http/errors';
import { notifyProviderMessage } from './notify-received';
import {
  advanceThread,
  findMessageByMessageId,
  findOrganizationByMailbox,
  findProviderByAddress,
  findThreadByMessageIds,
  findThreadByToken,
  insertAttachments,
  insertMessage,
  insertThread,
  type ProviderRow,
} from './repo';

/** Longest text kept from one mail (the rest is cut, with a note). */
const TEXT_MAX = 200_000;
const SNIPPET_MAX = 140;
const REFERENCES_MAX = 50;

/** reply+<token>@domain: the thread token is 24 lowercase letters and digits. */
const REPLY_LOCAL_PART = /^reply\+([a-z0-9]{24})$/;

export function newThreadToken(): string {
  // 15 random bytes as 24 base32 characters (lowercase: mail local parts are case-insensitive in practice).
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(15);
  let bits = 0;
  let value = 0;
  let token = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      token += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return token;
}

/**
 * PostgreSQL text cannot hold U+0000, and a mail can carry one anywhere (as is, in an encoded word,
 * as quoted-printable `=00`, as `%00` in a file name): refusing it would have the sender retry the
 * mail forever, so every text stored from a mail goes through this.
 */
function withoutNul(value: string): string {
  return value.replaceAll('\u0000', '');
}

/** `<id@host>` → `id@host`; null for nothing usable. */
export function bareMessageId(value: string | undefined | null): string | null {
  const trimmed = withoutNul(value ?? '')
    .trim()
    .replace(/^<|>$/g, '')
    .trim();
  return trimmed ? trimmed.slice(0, 998) : null;
}

function messageIdList(value: string | string[] | undefined): string[] {
  const all = (Array.isArray(value) ? value : value ? value.split(/\s+/) : [])
    .map(bareMessageId)
    .filter((id): id is string => id !== null);
  return all.slice(-REFERENCES_MAX);
}

function addressesOf(
  field: AddressObject | AddressObject[] | undefined,
): { address: string; name: string }[] {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  const found: { address: string; name: string }[] = [];
  const visit = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.group) visit(entry.group);
      else if (entry.address)
        found.push({
          address: withoutNul(entry.address).trim().toLowerCase(),
          name: withoutNul(entry.name ?? ''),
        });
    }
  };
  for (const object of objects) visit(object.value);
  return found;
}

/** A To or Cc list as stored: each address once (they are lowercased), where it first appears. */
function uniqueAddressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  return [...new Set(addressesOf(field).map((entry) => entry.address))];
}

/** The thread's name from a subject: without Re:/Fwd: prefixes. */
export function threadNameOf(subject: string): string {
  let name = subject.replace(/\s+/g, ' ').trim();
  for (;;) {
    const stripped = name.replace(/^(re|fwd?|aw|sv|wg)\s*(\[\d+\])?\s*:\s*/i, '');
    if (stripped === name) break;
    name = stripped;
  }
  return (name === '' ? THREAD_NO_SUBJECT : name).slice(0, 500);
}

export function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_MAX ? `${flat.slice(0, SNIPPET_MAX - 1)}…` : flat;
}

/** Where a recipient address leads: an organization's mailbox, or one thread's reply address. */
type Target = { organizationUid: string; threadUid: string | null };

export interface InboundEnvelope {
  /** SMTP RCPT TO; for the webhook, taken from Delivered-To, X-Original-To, To and Cc. */
  recipients?: string[];
  via: 'smtp' | 'webhook' | 'seed';
}

export type InboundService = ReturnType<typeof inboundService>;

/**
 * Inbound mail, from the SMTP listener and the webhook alike: parse the raw MIME, find the
 * organizations it is for (mailbox or reply address at CLIENT_MAIL_DOMAIN; else 404), check the
 * sender is a provider's address (else 403), then per organization: drop a Message-ID seen before,
 * find the thread (In-Reply-To/References, then the reply address, else a new one named after the
 * subject) and store message and attachments in one transaction. Attachment blobs are written
 * first and removed again if the transaction does not commit, so nothing is ever half-stored.
 */
export interface InboundDeps {
  db: Database;
  blobs: BlobStore;
  events: EventBus;
  config: MessagesConfig;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export function createInboundService(deps: InboundDeps) {
  return inboundService(deps, null);
}

/**
 * `batch`: inside receiveMany's transaction, lookups of recipients and senders are remembered for
 * the batch and events wait in `batch.events` until it commits.
 */
function inboundService(
  deps: InboundDeps,
  batch: {
    events: { organizationUid: string; event: TOrganizationEvent }[];
    /** Message-ID → thread of the mails stored by this batch (a chain threads without a query). */
    threads: Map<string, string>;
  } | null,
) {
  const { db, blobs, config, log } = deps;
  const targets = new Map<string, Promise<Target | null>>();
  const providersByAddress = new Map<string, Promise<ProviderRow | undefined>>();
  const remembered = <K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> => {
    if (!batch) return load();
    let found = cache.get(key);
    if (!found) {
      found = load();
      cache.set(key, found);
    }
    return found;
  };
  const now = deps.now ?? (() => new Date());
  const domain = config.clientMailDomain;

  const targetOf = (address: string) => remembered(targets, address, () => resolveTarget(address));

  /** The target of one address at the client mail domain, or null. */
  async function resolveTarget(address: string): Promise<Target | null> {
    const at = address.lastIndexOf('@');
    if (at <= 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
    const local = address.slice(0, at).toLowerCase();
    const reply = REPLY_LOCAL_PART.exec(local);
    if (reply?.[1]) {
      const thread = await findThreadByToken(db, reply[1]);
      return thread ? { organizationUid: thread.organizationUid, threadUid: thread.uid } : null;
    }
    const organization = await findOrganizationByMailbox(db, local);
    return organization ? { organizationUid: organization.uid, threadUid: null } : null;
  }

  /** Whether mail to this address is accepted (the SMTP listener's RCPT TO check). */
  async function acceptsRecipient(address: string): Promise<boolean> {
    return (await targetOf(address.trim().toLowerCase())) !== null;
  }

  function reject(code: AppError['code'], message: TAppMessage, context: Record<string, unknown>): never {
    const error = new AppError(code, message);
    log.warn({ ...context, reason: error.message }, 'Inbound mail rejected');
    throw error;
  }

  async function storeFor(
    target: Target,
    mail: {
      messageId: string;
      inReplyTo: string | null;
      references: string[];
      from: { address: string; name: string };
      to: string[];
      cc: string[];
      subject: string;
      text: string;
      sentAt: Date;
      attachments: { filename: string; contentType: string; content: Buffer }[];
    },
    provider: ProviderRow,
  ): Promise<TInboundDelivery> {
    const duplicate = async (): Promise<TInboundDelivery | null> => {
      const existing = await findMessageByMessageId(db, target.organizationUid, mail.messageId);
      return existing
        ? {
            organizationUid: target.organizationUid,
            threadUid: existing.threadUid,
            messageUid: existing.uid,
            status: 'duplicate',
          }
        : null;
    };
    const seen = await duplicate();
    if (seen) {
      log.info(
        { organizationUid: target.organizationUid, messageId: mail.messageId },
        'Duplicate mail ignored',
      );
      return seen;
    }

    const files = mail.attachments.map((attachment, position) => ({
      uid: randomUUID(),
      position,
      filename: attachment.filename,
      contentType: attachment.contentType,
      byteSize: attachment.content.length,
      blobKey: '',
      content: attachment.content,
    }));
    for (const file of files) {
      file.blobKey = `attachments/${file.uid}`;
      await blobs.put(file.blobKey, file.content, { contentType: file.contentType });
    }

    class Duplicate extends Error {}
    let createdThread = false;
    // In a batch the batch's transaction is the unit: no savepoint per mail (a failure fails it all).
    const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
      batch ? work(db) : db.transaction(work);
    try {
      const stored = await inTransaction(async (tx) => {
        const referenced = [...(mail.inReplyTo ? [mail.inReplyTo] : []), ...mail.references];
        const known = batch
          ? referenced.map((id) => batch.threads.get(`${target.organizationUid} ${id}`))
          : [];
        let threadUid =
          known.find((uid) => uid !== undefined) ??
          (await findThreadByMessageIds(tx, target.organizationUid, referenced));
        threadUid ??= target.threadUid ?? undefined;
        if (threadUid === undefined) {
          const thread = await insertThread(tx, {
            organizationUid: target.organizationUid,
            providerUid: provider.uid,
            name: threadNameOf(mail.subject),
            token: newThreadToken(),
            lastMessageAt: mail.sentAt,
          });
          threadUid = thread.uid;
          createdThread = true;
        }
        const thread = await advanceThread(
          tx,
          { threadUid, organizationUid: target.organizationUid },
          { sentAt: mail.sentAt, snippet: snippetOf(mail.text) },
        );
        if (!thread) throw new Error(`Thread ${threadUid} vanished while storing a mail`);
        const message = await insertMessage(tx, {
          threadUid,
          organizationUid: target.organizationUid,
          seq: thread.messageCount,
          messageId: mail.messageId,
          inReplyTo: mail.inReplyTo,
          references: mail.references,
          fromAddress: mail.from.address,
          fromName: mail.from.name === '' ? null : mail.from.name,
          to: mail.to,
          cc: mail.cc,
          subject: mail.subject,
          text: mail.text,
          direction: 'inbound',
          delivery: 'received',
          sentAt: mail.sentAt,
        });
        // The same Message-ID committed meanwhile: undo the position taken above.
        if (!message) throw new Duplicate();
        await notifyProviderMessage(tx, thread, message.uid, provider.name);
        await insertAttachments(
          tx,
          files.map(({ content: _content, ...file }) => ({
            ...file,
            organizationUid: target.organizationUid,
            messageUid: message.uid,
          })),
        );
        batch?.threads.set(`${target.organizationUid} ${mail.messageId}`, threadUid);
        return { threadUid, messageUid: message.uid };
      });

      if (createdThread) {
        await publish(target.organizationUid, { type: 'thread.created', threadUid: stored.threadUid });
      }
      await publish(target.organizationUid, {
        type: 'message.created',
        threadUid: stored.threadUid,
        messageUid: stored.messageUid,
      });
      return { organizationUid: target.organizationUid, ...stored, status: 'stored' };
    } catch (error) {
      for (const file of files) await blobs.delete(file.blobKey).catch(() => undefined);
      const seenMeanwhile = error instanceof Duplicate ? await duplicate() : null;
      if (seenMeanwhile) return seenMeanwhile;
      throw error;
    }
  }

  async function publish(organizationUid: string, event: TOrganizationEvent): Promise<void> {
    if (batch) {
      batch.events.push({ organizationUid, event });
      return;
    }
    try {
      await deps.events.publish(organizationUid, event);
    } catch (error) {
      log.error({ err: error, organizationUid, event }, 'Publishing an event failed');
    }
  }

  return {
    acceptsRecipient,

    /**
     * Many mails at once (the seed): the same path as receive(), mail by mail, but in one
     * transaction (each mail in its own savepoint), with recipient and sender lookups remembered
     * and the events published after the commit.
     */
    async receiveMany(raws: Buffer[], envelope: InboundEnvelope): Promise<TInboundDelivery[]> {
      const pending: { organizationUid: string; event: TOrganizationEvent }[] = [];
      const deliveries = await db.transaction(async (tx) => {
        const scoped = inboundService({ ...deps, db: tx }, { events: pending, threads: new Map() });
        const all: TInboundDelivery[] = [];
        for (const raw of raws) all.push(...(await scoped.receive(raw, envelope)));
        return all;
      });
      for (const { organizationUid, event } of pending) {
        await deps.events.publish(organizationUid, event).catch((error: unknown) => {
          log.error({ err: error, organizationUid, event }, 'Publishing an event failed');
        });
      }
      return deliveries;
    },

    /** Stores one raw mail for every organization it is addressed to. */
    async receive(raw: Buffer, envelope: InboundEnvelope): Promise<TInboundDelivery[]> {
      const parsed = await simpleParser(raw, {
        skipImageLinks: true,
        skipTextLinks: true,
        skipTextToHtml: true,
      });
      const from = addressesOf(parsed.from)[0];
      const headerRecipients = [...addressesOf(parsed.to), ...addressesOf(parsed.cc)].map(
        (entry) => entry.address,
      );
      const deliveredTo = ['delivered-to', 'x-original-to'].flatMap((name) => {
        const value = parsed.headers.get(name);
        return typeof value === 'string' ? [withoutNul(value).trim().toLowerCase()] : [];
      });
      const recipients = [
        ...new Set(
          (envelope.recipients ?? [...deliveredTo, ...headerRecipients]).map((r) => r.toLowerCase()),
        ),
      ];
      const context = { via: envelope.via, from: from?.address, recipients, messageId: parsed.messageId };

      if (!from) reject('VALIDATION', codedMessage('messages.inboundNoFrom'), context);

      const targets = new Map<string, Target>();
      for (const recipient of recipients) {
        const target = await targetOf(recipient);
        if (target && !targets.has(target.organizationUid)) targets.set(target.organizationUid, target);
      }
      if (targets.size === 0) {
        reject(
          'NOT_FOUND',
          recipients.length > 0
            ? codedMessage('messages.inboundNoMailbox', { domain, recipients: recipients.join(', ') })
            : codedMessage('messages.inboundNoMailboxNoRecipients', { domain }),
          context,
        );
      }

      const provider = await remembered(providersByAddress, from.address, () =>
        findProviderByAddress(db, from.address),
      );
      const unknownSender = codedMessage('messages.inboundUnknownProvider', { address: from.address });
      if (!provider) reject('FORBIDDEN', unknownSender, context);

      const text = withoutNul(parsed.text ?? '')
        .replace(/\r\n/g, '\n')
        .trimEnd();
      const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null;
      const received = now();
      const mail = {
        // A mail without a Message-ID is named by its bytes, so the same mail is still recognised.
        messageId:
          bareMessageId(parsed.messageId) ??
          `${createHash('sha256').update(raw).digest('hex').slice(0, 32)}@inbound.${domain}`,
        inReplyTo: bareMessageId(typeof parsed.inReplyTo === 'string' ? parsed.inReplyTo : undefined),
        references: messageIdList(parsed.references),
        from,
        to: uniqueAddressesOf(parsed.to),
        cc: uniqueAddressesOf(parsed.cc),
        subject: withoutNul(parsed.subject ?? '').trim(),
        text: text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX)}\n[…]` : text,
        // Never in the future: a wrong clock on the sender's side must not pin a thread to the top.
        sentAt: date && date.getTime() <= received.getTime() ? date : received,
        attachments: parsed.attachments.map((attachment, index) => ({
          filename: (withoutNul(attachment.filename ?? '') || `attachment-${index + 1}`).slice(0, 255),
          contentType: withoutNul(attachment.contentType) || 'application/octet-stream',
          content: attachment.content,
        })),
      };

      const deliveries: TInboundDelivery[] = [];
      for (const target of targets.values()) deliveries.push(await storeFor(target, mail, provider));
      log.info(
        { ...context, deliveries: deliveries.map((delivery) => delivery.status) },
        'Inbound mail received',
      );
      return deliveries;
    },
  };
}

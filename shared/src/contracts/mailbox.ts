import { deferred, ZEmail } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';

/** A mail held in the local outbox (development only; off with SMTP or in production). */
export const ZOutboxMail = deferred(() =>
  z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    links: z.array(z.string()),
    sentAt: z.string(),
    /** Threaded mail (Message Center replies) also records its headers and attachments. */
    from: z.string().optional(),
    cc: z.array(z.string()).optional(),
    replyTo: z.string().nullable().optional(),
    messageId: z.string().nullable().optional(),
    inReplyTo: z.string().nullable().optional(),
    references: z.array(z.string()).optional(),
    attachments: z
      .array(z.object({ filename: z.string(), contentType: z.string(), byteSize: z.number().int() }))
      .optional(),
  }),
);
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

export const ZMailboxResponse = deferred(() => z.array(ZOutboxMail));
export type TMailboxResponse = z.infer<typeof ZMailboxResponse>;

/** GET dev/mailbox query: `to` narrows the list to one address (parallel e2e runs share one outbox). */
export const ZMailboxQuery = deferred(() =>
  z.object({
    to: ZEmail.optional(),
  }),
);
export type TMailboxQuery = z.infer<typeof ZMailboxQuery>;

import { z } from 'zod';
import { ZEmail } from './common';

/** A mail held in the local outbox (development only; off with SMTP or in production). */
export const ZOutboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  sentAt: z.string(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

export const ZMailboxResponse = z.array(ZOutboxMail);
export type TMailboxResponse = z.infer<typeof ZMailboxResponse>;

/** GET dev/mailbox query: `to` narrows the list to one address (parallel e2e runs share one outbox). */
export const ZMailboxQuery = z.object({
  to: ZEmail.optional(),
});
export type TMailboxQuery = z.infer<typeof ZMailboxQuery>;

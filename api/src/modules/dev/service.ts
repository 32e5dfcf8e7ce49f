import type { TMailboxResponse } from '@dash/shared/contracts';
import type { Database } from '../../db/client';
import { listOutboxMails } from '../mail/index';

export const MAILBOX_LIMIT = 100;

export type DevService = ReturnType<typeof createDevService>;

export function createDevService({ db }: { db: Database }) {
  return {
    /** The newest outbox mails first (at most MAILBOX_LIMIT), optionally only those to one address. */
    async mailbox(filter: { to?: string | undefined }): Promise<TMailboxResponse> {
      const rows = await listOutboxMails(db, { to: filter.to, limit: MAILBOX_LIMIT });
      return rows.map(({ from, sentAt, ...row }) => ({
        ...row,
        ...(from === null ? {} : { from }),
        sentAt: sentAt.toISOString(),
      }));
    },
  };
}

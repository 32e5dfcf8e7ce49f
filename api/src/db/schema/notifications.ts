/** What each user wants to be told by mail, and the notification mails already sent (issue 52). */
import { NOTIFICATION_KINDS } from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from './columns';
import { users } from './identity';

/** One row per user and kind they chose; a kind without a row is on (the default). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    mail: boolean('mail').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userUid, table.kind] }),
    check('notification_preferences_kind_check', sql`${table.kind} in (${sqlList(NOTIFICATION_KINDS)})`),
  ],
);

/**
 * A notification mail handed to the mail service, by (event, recipient): the mail job looks here
 * first, so a job run again (a lease taken over, a retry after the send) never mails twice.
 */
export const notificationDeliveries = pgTable('notification_deliveries', {
  /** `${event key}:${user uid}`. */
  key: text('key').primaryKey(),
  userUid: uuid('user_uid')
    .notNull()
    .references(() => users.uid, { onDelete: 'cascade' }),
  kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

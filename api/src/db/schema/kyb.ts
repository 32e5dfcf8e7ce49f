/** KYB applications and their documents. */
import { DOCUMENT_KINDS, KYB_STATUSES, type TKybDraft } from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { organizations, users } from './identity';

/**
 * An organization's KYB application (one per organization; none yet means NotStarted). `data` is
 * the saved form (a draft may be partial); `version` grows with every change, so a decision is
 * taken on the version the operator saw, once (conditional UPDATE).
 */
export const kybApplications = pgTable(
  'kyb_applications',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .unique()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    status: text('status', { enum: KYB_STATUSES }).notNull().default('Draft'),
    data: jsonb('data').$type<TKybDraft>().notNull(),
    /** The operator's reason (Rejected) or note (ChangesRequested) of the latest decision. */
    decisionNote: text('decision_note'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedByUserUid: uuid('submitted_by_user_uid').references(() => users.uid, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('kyb_applications_status_idx').on(table.status, table.submittedAt),
    check('kyb_applications_status_check', sql`${table.status} in (${sqlList(KYB_STATUSES)})`),
  ],
);

/**
 * A file of the organization (KYB documents and others members upload); its bytes are in the blob
 * store under blob_key (taken over from a signed upload).
 */
export const documents = pgTable(
  'documents',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    /** For an owner's id: the beneficial owner's id in the KYB application. */
    ownerId: uuid('owner_id'),
    name: text('name').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    blobKey: text('blob_key').notNull(),
    uploaderUserUid: uuid('uploader_user_uid').references(() => users.uid, { onDelete: 'set null' }),
    /** Kept when the uploader's account is gone. */
    uploaderEmail: text('uploader_email'),
    createdAt: createdAt(),
  },
  (table) => [
    index('documents_organization_idx').on(table.organizationUid, table.createdAt),
    check('documents_kind_check', sql`${table.kind} in (${sqlList(DOCUMENT_KINDS)})`),
  ],
);

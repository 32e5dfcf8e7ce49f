/** Users, sign-in, sessions, organizations and their members, invitations, mail out, signing devices, rate limits. */
import { APPROVAL_STATUSES, ROLES, SUPPORTED_LOCALES } from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, sqlList } from './columns';

export const users = pgTable(
  'users',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    /** Always stored lowercased (ZEmail lowercases before anything reaches the database). */
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** The user's language (issue 14); null follows the browser's. */
    locale: text('locale', { enum: SUPPORTED_LOCALES }),
    createdAt: createdAt(),
  },
  (table) => [
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_locale_supported', sql`${table.locale} in (${sqlList(SUPPORTED_LOCALES)})`),
  ],
);

export const magicLinks = pgTable('magic_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** sha256 (hex) of the token: the token itself only ever exists in the e-mail. */
  tokenHash: text('token_hash').notNull().unique(),
  email: text('email').notNull(),
  redirect: text('redirect'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sha256 (hex) of the cookie value. */
    tokenHash: text('token_hash').notNull().unique(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** When expires_at was last pushed forward (sliding expiry), not every request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_uid_idx').on(table.userUid)],
);

export const organizations = pgTable(
  'organizations',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    avatar: text('avatar'),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('Pending'),
    /**
     * Off-ramps of more than this stablecoin amount wait for a second member's approval (issue 11);
     * null: no approval needed.
     */
    offRampApprovalThreshold: numeric('off_ramp_approval_threshold', { precision: 38, scale: 8 }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'organizations_approval_status_check',
      sql`${table.approvalStatus} in (${sqlList(APPROVAL_STATUSES)})`,
    ),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationUid, table.userUid] }),
    index('memberships_user_uid_idx').on(table.userUid),
    check('memberships_role_check', sql`${table.role} in (${sqlList(ROLES)})`),
  ],
);

export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /** Threaded mail (Message Center replies) records its headers and attachments too. */
    from: text('from'),
    cc: jsonb('cc').$type<string[]>().notNull().default([]),
    replyTo: text('reply_to'),
    /** Unique: a reply stored twice (a retried send) is one mail. */
    messageId: text('message_id').unique(),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; byteSize: number }[]>()
      .notNull()
      .default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_mails_sent_at_idx').on(table.sentAt)],
);

/** The uploaded avatar of an organization (at most 2 MB, PNG, JPEG or WebP as sniffed from its bytes). */
export const organizationAvatars = pgTable('organization_avatars', {
  organizationUid: uuid('organization_uid')
    .primaryKey()
    .references(() => organizations.uid, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invitations = pgTable(
  'invitations',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    /** Lowercased, like users.email. */
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    // One open (unanswered, unrevoked) invitation per organization and address: inviting again renews it.
    uniqueIndex('invitations_open_unique')
      .on(table.organizationUid, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.declinedAt} is null and ${table.revokedAt} is null`),
    index('invitations_email_idx').on(table.email),
    check('invitations_role_check', sql`${table.role} in (${sqlList(ROLES)})`),
    check('invitations_email_lowercase', sql`${table.email} = lower(${table.email})`),
  ],
);

export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sha256 (hex) of the token in the confirmation link. */
    tokenHash: text('token_hash').notNull().unique(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_changes_user_uid_idx').on(table.userUid)],
);

export const signingDevices = pgTable(
  'signing_devices',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** EIP-55 checksum form, so one address has one spelling. */
    ethAddress: text('eth_address').notNull(),
    /** When its owner proved they hold its key (a signed challenge); null: never, it confirms nothing. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('signing_devices_user_address_unique').on(table.userUid, table.ethAddress)],
);

/**
 * A one-time challenge a user's wallet signs (personal_sign) to prove it holds a signing device's
 * key: for one user and address, until it expires, used once (modules/signing-devices).
 */
export const signingDeviceChallenges = pgTable(
  'signing_device_challenges',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    ethAddress: text('eth_address').notNull(),
    /** The exact text signed (EIP-191), with the address, the user, a nonce and the expiry. */
    message: text('message').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('signing_device_challenges_user_idx').on(table.userUid, table.createdAt)],
);

/**
 * Rate-limit windows (api/src/modules/auth/rate-limiter.ts): one row per key, in the database so every API
 * process counts against the same budget. Rows whose window has passed are swept now and then.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_windows_reset_at_idx').on(table.resetAt)],
);

/**
 * Organization API keys (modules/api-keys): a secret acting in one organization with one role,
 * on behalf of the Admin who created it. Only the secret's SHA-256 is stored.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    /** sha256 (hex) of the secret. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The secret's first characters (`dash_live_AbCd`), shown in the list. */
    shownPrefix: text('shown_prefix').notNull(),
    /** The Admin it acts for; null once that user is gone (then the key works no more). */
    createdBy: uuid('created_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Moved at most once a minute (api-keys/authenticate-api-key.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last refused use after revocation that was audited (at most one audit row a minute). */
    lastRefusedAt: timestamp('last_refused_at', { withTimezone: true }),
  },
  (table) => [
    index('api_keys_organization_idx').on(table.organizationUid, table.createdAt),
    check('api_keys_role_check', sql`${table.role} in (${sqlList(ROLES)})`),
  ],
);

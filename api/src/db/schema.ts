import { APPROVAL_STATUSES, ROLES } from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Binary data: node-postgres answers with a Buffer, PGlite with a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

function sqlList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const users = pgTable(
  'users',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    /** Always stored lowercased (ZEmail lowercases before anything reaches the database). */
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [check('users_email_lowercase', sql`${table.email} = lower(${table.email})`)],
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
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('signing_devices_user_address_unique').on(table.userUid, table.ethAddress)],
);

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The one durable job queue (api/src/jobs): work that outlives a request (a deploy, a mail, a
 * provider call) is a row, claimed with FOR UPDATE SKIP LOCKED under a lease, retried with backoff
 * and resumed after a crash (a running job whose lease ran out is claimed again).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** Optional: a second enqueue with the same key is a no-op, so callers may enqueue twice. */
    key: text('key').unique(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** Claims so far (a claim whose lease ran out counts too). */
    attempts: integer('attempts').notNull().default(0),
    /** Failed attempts: what maxAttempts is measured against (a reschedule is not a failure). */
    failures: integer('failures').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt).where(sql`${table.status} = 'queued'`),
    index('jobs_lease_idx').on(table.lockedUntil).where(sql`${table.status} = 'running'`),
    check('jobs_status_check', sql`${table.status} in (${sqlList(JOB_STATUSES)})`),
  ],
);

export const WALLET_STATUSES = ['undeployed', 'deploying', 'deployed', 'failed'] as const;

/**
 * An organization's multi-signature wallet (api/src/modules/wallet). No row means undeployed with
 * no signer. From the deploy request on, the exact Safe configuration is kept here (ordered owners,
 * threshold, salt nonce, factory, singleton, fallback handler, chain) with the address it predicts,
 * before any transaction is sent, so every retry deploys the same Safe at the same address.
 */
export const wallets = pgTable(
  'wallets',
  {
    organizationUid: uuid('organization_uid')
      .primaryKey()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    status: text('status', { enum: WALLET_STATUSES }).notNull().default('undeployed'),
    chainId: integer('chain_id'),
    address: text('address'),
    /** EIP-55 owner addresses in setup order. */
    owners: jsonb('owners').$type<string[]>(),
    threshold: integer('threshold'),
    /** uint256 as a decimal string. */
    saltNonce: text('salt_nonce'),
    proxyFactory: text('proxy_factory'),
    singleton: text('singleton'),
    fallbackHandler: text('fallback_handler'),
    /** Bumped by every deploy request and retry: the deploy job of an older attempt does nothing. */
    deployAttempt: integer('deploy_attempt').notNull().default(0),
    /** The createProxyWithNonce transaction, recorded (signed) before it is broadcast. */
    txHash: text('tx_hash'),
    txNonce: integer('tx_nonce'),
    rawTx: text('raw_tx'),
    error: text('error'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [check('wallets_status_check', sql`${table.status} in (${sqlList(WALLET_STATUSES)})`)],
);

/** A proposed signer: a member of the organization, Ready once they chose one of their signing devices. */
export const walletSigners = pgTable(
  'wallet_signers',
  {
    organizationUid: uuid('organization_uid').notNull(),
    userUid: uuid('user_uid').notNull(),
    signingDeviceUid: uuid('signing_device_uid').references(() => signingDevices.uid, {
      onDelete: 'set null',
    }),
    /** Proposal order: the Safe's owner order. */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationUid, table.userUid] }),
    // Someone who leaves the organization stops being a proposed signer.
    foreignKey({
      columns: [table.organizationUid, table.userUid],
      foreignColumns: [memberships.organizationUid, memberships.userUid],
      name: 'wallet_signers_membership_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * The relayer's next nonce per chain: deployments of different organizations take nonces one at a
 * time under this row's lock, so two concurrent jobs never sign two transactions with one nonce.
 */
export const walletRelayerNonces = pgTable(
  'wallet_relayer_nonces',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: integer('next_nonce').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address] })],
);

import {
  APPROVAL_STATUSES,
  BANK_BENEFICIARY_TYPES,
  DOCUMENT_KINDS,
  KYB_STATUSES,
  NETWORK_IDS,
  PIX_KEY_TYPES,
  PROVIDER_ACCOUNT_STATUSES,
  ROLES,
  SUPPORTED_LOCALES,
  type TCatalogueProvider,
  type TKybDraft,
  type TProviderRequirement,
  TRANSFER_EVENT_SOURCES,
  TRANSFER_FAILURE_REASON_CODES,
  TRANSFER_NOTE_CODES,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  type TTransferInstructions,
  type TTransferNoteParams,
} from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
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

/** Anything stored in a tsvector column (full-text search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The provider adapters this build has (api/src/modules/providers/adapters/registry.ts). */
export const PROVIDER_ADAPTERS = ['sandbox'] as const;

/** Payment providers the organizations correspond with (global records: the same provider writes to many). */
export const providers = pgTable('providers', {
  uid: uuid('uid').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The logo (null: the UI shows the name's initials). */
  imageUrl: text('image_url'),
  /** The catalogue (/explore): what it offers. Amounts are decimal strings (see ZProviderFee). */
  description: text('description').notNull().default(''),
  countries: jsonb('countries').$type<string[]>().notNull().default([]),
  fiat: jsonb('fiat').$type<TCatalogueProvider['fiat']>().notNull().default([]),
  stablecoins: jsonb('stablecoins').$type<TCatalogueProvider['stablecoins']>().notNull().default([]),
  fees: jsonb('fees').$type<TCatalogueProvider['fees']>().notNull().default([]),
  /** Listed in the catalogue (providers we only correspond with are not). */
  listed: boolean('listed').notNull().default(false),
  onboardingOpen: boolean('onboarding_open').notNull().default(false),
  /**
   * Which adapter speaks to it (api/src/modules/providers/adapters) and the account it uses there;
   * null: none.
   */
  adapter: text('adapter', { enum: PROVIDER_ADAPTERS }),
  adapterAccount: text('adapter_account'),
  createdAt: createdAt(),
});

/** The addresses a provider writes from: inbound mail from any other sender is refused. */
export const providerAddresses = pgTable(
  'provider_addresses',
  {
    /** Lowercased bare address. */
    address: text('address').primaryKey(),
    providerUid: uuid('provider_uid')
      .notNull()
      .references(() => providers.uid, { onDelete: 'cascade' }),
  },
  (table) => [
    index('provider_addresses_provider_uid_idx').on(table.providerUid),
    check('provider_addresses_lowercase', sql`${table.address} = lower(${table.address})`),
  ],
);

/**
 * Every mailbox local part an organization has had (`<slug>@CLIENT_MAIL_DOMAIN`): its current slug
 * and the earlier ones, so mail to an old address still arrives. The current slug of an organization
 * always wins; a local part points at the organization that took it last.
 */
export const organizationMailAddresses = pgTable(
  'organization_mail_addresses',
  {
    localPart: text('local_part').primaryKey(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('organization_mail_addresses_organization_uid_idx').on(table.organizationUid)],
);

/** A conversation of an organization with a provider (an e-mail thread). */
export const threads = pgTable(
  'threads',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    providerUid: uuid('provider_uid').references(() => providers.uid, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** Replies come back to reply+<token>@CLIENT_MAIL_DOMAIN. */
    token: text('token').notNull().unique(),
    /** Also the seq of its newest message (messages are numbered 1, 2, … per thread). */
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    snippet: text('snippet').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('threads_organization_activity_idx').on(
      table.organizationUid,
      table.lastMessageAt.desc(),
      table.uid.desc(),
    ),
  ],
);

export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
export const MESSAGE_DELIVERY_STATES = ['received', 'sending', 'sent', 'failed'] as const;

export const messages = pgTable(
  'messages',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    threadUid: uuid('thread_uid')
      .notNull()
      .references(() => threads.uid, { onDelete: 'cascade' }),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    /** Position in the thread (1 is the first); pages are cut by it. */
    seq: integer('seq').notNull(),
    /** RFC 5322 Message-ID without the angle brackets; unique per organization (duplicates are ignored). */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    to: jsonb('to').$type<string[]>().notNull().default([]),
    cc: jsonb('cc').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull().default(''),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    /** The member who wrote an outbound reply. */
    authorUid: uuid('author_uid').references(() => users.uid, { onDelete: 'set null' }),
    delivery: text('delivery', { enum: MESSAGE_DELIVERY_STATES }).notNull(),
    /** The mail's date (its Date header for inbound mail, never in the future). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** When an outbound reply was handed to the mail service. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', subject || ' ' || text)`),
  },
  (table) => [
    uniqueIndex('messages_organization_message_id_unique').on(table.organizationUid, table.messageId),
    uniqueIndex('messages_thread_seq_unique').on(table.threadUid, table.seq),
    index('messages_search_idx').using('gin', table.search),
    check('messages_direction_check', sql`${table.direction} in (${sqlList(MESSAGE_DIRECTIONS)})`),
    check('messages_delivery_check', sql`${table.delivery} in (${sqlList(MESSAGE_DELIVERY_STATES)})`),
  ],
);

/** How far each user has read each thread: unread = message_count - read_seq. */
export const threadReads = pgTable(
  'thread_reads',
  {
    threadUid: uuid('thread_uid')
      .notNull()
      .references(() => threads.uid, { onDelete: 'cascade' }),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    readSeq: integer('read_seq').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.threadUid, table.userUid] })],
);

/** A file of a message; its bytes are in the blob store under blob_key. */
export const attachments = pgTable(
  'attachments',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    messageUid: uuid('message_uid')
      .notNull()
      .references(() => messages.uid, { onDelete: 'cascade' }),
    /** Order within the message. */
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('attachments_message_uid_idx').on(table.messageUid)],
);

export const TEMP_FILE_STATES = ['pending', 'uploading', 'uploaded'] as const;

/**
 * A signed upload (POST uploads, then PUT): pending until its one PUT starts, uploaded once the
 * bytes are in the blob store. Referencing it (a reply attachment) deletes the row and keeps the
 * blob; rows nothing referenced within 24 hours are purged with their blobs.
 */
export const tempFiles = pgTable(
  'temp_files',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    status: text('status', { enum: TEMP_FILE_STATES }).notNull().default('pending'),
    blobKey: text('blob_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('temp_files_created_at_idx').on(table.createdAt),
    check('temp_files_status_check', sql`${table.status} in (${sqlList(TEMP_FILE_STATES)})`),
  ],
);

/**
 * The one audit record (api/src/modules/audit): every state change a person, an operator, a provider
 * or the system makes, with who, what, on which object, from which state to which, and when.
 * Append-only.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for platform-level events (an operator's own settings, say). */
    organizationUid: uuid('organization_uid'),
    /** The signed-in person, when a person did it. */
    actorUserUid: uuid('actor_user_uid'),
    /** Who did it, readable without a join: an e-mail, 'operator:<email>', 'provider:<uid>' or 'system'. */
    actor: text('actor').notNull(),
    /** Dotted verb: 'kyb.submitted', 'bank_beneficiary.created', … */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectUid: text('subject_uid').notNull(),
    fromState: text('from_state'),
    toState: text('to_state'),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /**
     * Where the change came from: the API request's id (Fastify's, also sent as x-request-id), or
     * 'job:<kind>:<id>' for the job runner; null from a terminal (pnpm ops).
     */
    requestId: text('request_id'),
    /** The caller's address for a change made by an API request (a webhook's sender for a webhook). */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_events_organization_action_idx').on(table.organizationUid, table.action, table.id),
    index('audit_events_organization_idx').on(table.organizationUid, table.id),
    index('audit_events_subject_idx').on(table.subjectType, table.subjectUid, table.id),
  ],
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
 * An organization's account with a provider (/open-stable): one per (organization, provider). The
 * provider is told by the job `provider.onboarding.start` after the commit; its webhooks move it on.
 */
export const providerAccounts = pgTable(
  'provider_accounts',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    providerUid: uuid('provider_uid')
      .notNull()
      .references(() => providers.uid, { onDelete: 'cascade' }),
    status: text('status', { enum: PROVIDER_ACCOUNT_STATUSES }).notNull(),
    /** Counts starts: the provider call's idempotency key is `<uid>:<attempt>`, so a retried job never onboards twice. */
    attempt: integer('attempt').notNull().default(1),
    externalId: text('external_id'),
    reason: text('reason'),
    requirements: jsonb('requirements').$type<TProviderRequirement[]>().notNull().default([]),
    startedBy: uuid('started_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('provider_accounts_organization_provider_unique').on(
      table.organizationUid,
      table.providerUid,
    ),
    check('provider_accounts_status_check', sql`${table.status} in (${sqlList(PROVIDER_ACCOUNT_STATUSES)})`),
  ],
);

/** Provider webhook events already processed: a delivery seen before answers 200 and changes nothing. */
export const providerWebhookEvents = pgTable(
  'provider_webhook_events',
  {
    providerUid: uuid('provider_uid')
      .notNull()
      .references(() => providers.uid, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.providerUid, table.eventId] })],
);

/**
 * Blockchain wallets an organization registered as stablecoin destinations (issue 10). EVM
 * addresses are stored in their EIP-55 checksum form, so one address has one spelling in the
 * unique index; Solana addresses are case-sensitive and stored as given.
 */
export const registeredWallets = pgTable(
  'registered_wallets',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    network: text('network', { enum: NETWORK_IDS }).notNull(),
    address: text('address').notNull(),
    name: text('name').notNull(),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('registered_wallets_organization_network_address_unique').on(
      table.organizationUid,
      table.network,
      table.address,
    ),
    check('registered_wallets_network_check', sql`${table.network} in (${sqlList(NETWORK_IDS)})`),
  ],
);

/**
 * Bank accounts an organization pays out to: a Mexican CLABE (bank_account_number, 18 digits) or a
 * Brazilian Pix key (pix_key_type + pix_key, normalized: CPF/CNPJ digits, +phone, lowercased e-mail
 * or random key). account_key is the one normalized key of either kind, unique per organization
 * and type.
 */
export const bankBeneficiaries = pgTable(
  'bank_beneficiaries',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    type: text('type', { enum: BANK_BENEFICIARY_TYPES }).notNull(),
    pixKeyType: text('pix_key_type', { enum: PIX_KEY_TYPES }),
    accountKey: text('account_key').notNull(),
    name: text('name').notNull(),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_beneficiaries_organization_type_key_unique').on(
      table.organizationUid,
      table.type,
      table.accountKey,
    ),
    check('bank_beneficiaries_type_check', sql`${table.type} in (${sqlList(BANK_BENEFICIARY_TYPES)})`),
    check(
      'bank_beneficiaries_pix_key_type_check',
      sql`(${table.type} = 'Clabe' and ${table.pixKeyType} is null) or (${table.type} = 'PixKey' and ${table.pixKeyType} in (${sqlList(PIX_KEY_TYPES)}))`,
    ),
  ],
);

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

/** Amounts: PostgreSQL numeric (never floats), read as decimal strings. */
const amount = (name: string) => numeric(name, { precision: 38, scale: 8 });

/**
 * A provider's quote (issue 11): what it offers for one amount until expires_at. Used once: the
 * transfer that accepts it sets used_by.
 */
export const quotes = pgTable(
  'quotes',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    providerUid: uuid('provider_uid')
      .notNull()
      .references(() => providers.uid, { onDelete: 'cascade' }),
    type: text('type', { enum: ['on_ramp', 'off_ramp'] }).notNull(),
    network: text('network', { enum: NETWORK_IDS }).notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    sourceCurrency: text('source_currency').notNull(),
    sourceAmount: amount('source_amount').notNull(),
    targetCurrency: text('target_currency').notNull(),
    targetAmount: amount('target_amount').notNull(),
    rate: amount('rate').notNull(),
    fee: amount('fee').notNull(),
    feeCurrency: text('fee_currency').notNull(),
    /** The provider's own quote id. */
    externalId: text('external_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedBy: uuid('used_by'),
    createdBy: uuid('created_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('quotes_organization_idx').on(table.organizationUid, table.createdAt)],
);

/**
 * One movement of money (on-ramp, off-ramp, deposit). Its status only moves forward along
 * TRANSFER_TRANSITIONS (transfers/state.ts), each step in transfer_events. The provider is told by
 * the job `transfer.submit` with this uid as its idempotency key.
 */
export const transfers = pgTable(
  'transfers',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    providerUid: uuid('provider_uid')
      .notNull()
      .references(() => providers.uid),
    quoteUid: uuid('quote_uid')
      .notNull()
      .references(() => quotes.uid),
    type: text('type', { enum: TRANSFER_TYPES }).notNull(),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull(),
    network: text('network', { enum: NETWORK_IDS }).notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    sourceCurrency: text('source_currency').notNull(),
    sourceAmount: amount('source_amount').notNull(),
    targetCurrency: text('target_currency').notNull(),
    targetAmount: amount('target_amount').notNull(),
    rate: amount('rate').notNull(),
    fee: amount('fee').notNull(),
    feeCurrency: text('fee_currency').notNull(),
    walletUid: uuid('wallet_uid').references(() => registeredWallets.uid, { onDelete: 'set null' }),
    walletName: text('wallet_name'),
    walletAddress: text('wallet_address'),
    bankBeneficiaryUid: uuid('bank_beneficiary_uid').references(() => bankBeneficiaries.uid, {
      onDelete: 'set null',
    }),
    beneficiaryName: text('beneficiary_name'),
    beneficiaryAccountKey: text('beneficiary_account_key'),
    instructions: jsonb('instructions').$type<TTransferInstructions>(),
    externalId: text('external_id'),
    txHash: text('tx_hash'),
    payoutReference: text('payout_reference'),
    failureReason: text('failure_reason'),
    /**
     * A member's cancellation or rejection, or the API's own reason for failing it, as a code and values
     * (the page words it); null for a provider's reason.
     */
    failureReasonCode: text('failure_reason_code', { enum: TRANSFER_FAILURE_REASON_CODES }),
    failureReasonParams: jsonb('failure_reason_params').$type<TTransferNoteParams>(),
    approvalRequired: boolean('approval_required').notNull().default(false),
    approvedBy: uuid('approved_by').references(() => users.uid, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('transfers_quote_unique').on(table.quoteUid),
    // The list: newest first per organization, with each filter on its own prefix. uid after
    // created_at in each: the list's order (created_at desc, uid desc) straight from the index, and
    // the page's uids and the capped count as index-only scans. The other filters' columns come last
    // (as INCLUDE would), so any combination of filters is checked in the index, never in the table.
    index('transfers_organization_created_idx').on(
      table.organizationUid,
      table.createdAt,
      table.uid,
      table.type,
      table.status,
      table.fiatCurrency,
    ),
    index('transfers_organization_status_created_idx').on(
      table.organizationUid,
      table.status,
      table.createdAt,
      table.uid,
      table.type,
      table.fiatCurrency,
    ),
    index('transfers_organization_type_created_idx').on(
      table.organizationUid,
      table.type,
      table.createdAt,
      table.uid,
      table.status,
      table.fiatCurrency,
    ),
    index('transfers_organization_currency_created_idx').on(
      table.organizationUid,
      table.fiatCurrency,
      table.createdAt,
      table.uid,
      table.type,
      table.status,
    ),
    // Reconciliation: open transfers by last change.
    index('transfers_open_updated_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('awaiting_funds', 'funds_received', 'payment_submitted')`),
    index('transfers_wallet_idx').on(table.walletUid),
    index('transfers_bank_beneficiary_idx').on(table.bankBeneficiaryUid),
    check('transfers_status_check', sql`${table.status} in (${sqlList(TRANSFER_STATUSES)})`),
    check('transfers_type_check', sql`${table.type} in (${sqlList(TRANSFER_TYPES)})`),
    check(
      'transfers_failure_reason_code_check',
      sql`${table.failureReasonCode} in (${sqlList(TRANSFER_FAILURE_REASON_CODES)})`,
    ),
    check(
      'transfers_failure_reason_params_check',
      sql`(${table.failureReasonCode} is null) = (${table.failureReasonParams} is null)`,
    ),
  ],
);

/**
 * How many transfers an organization has of each type, status and currency, kept by a trigger on
 * `transfers` (migration 0015: every insert, status change or delete, in the writer's own
 * transaction), so the transactions list's total without a date range is a sum of at most a few
 * dozen rows instead of a walk of the list's index (10,000 entries at the count's cap).
 */
export const transferCounts = pgTable(
  'transfer_counts',
  {
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    type: text('type', { enum: TRANSFER_TYPES }).notNull(),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationUid, table.type, table.status, table.fiatCurrency] }),
    check('transfer_counts_count_check', sql`${table.count} >= 0`),
  ],
);

/**
 * Completed transfers per organization, UTC day of creation, type and fiat rail: their fiat-side
 * amount (paid in for an on-ramp or deposit, paid out for an off-ramp) and count. Kept by statement
 * triggers on transfers (migration 0017), so the overview's 30-day volume reads at most a few
 * hundred rows whatever the history's length.
 */
export const transferVolumes = pgTable(
  'transfer_volumes',
  {
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type', { enum: TRANSFER_TYPES }).notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    amount: amount('amount').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationUid, table.day, table.type, table.fiatCurrency] })],
);

/** Every status change of a transfer: from, to, when and what caused it. Append-only. */
export const transferEvents = pgTable(
  'transfer_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferUid: uuid('transfer_uid')
      .notNull()
      .references(() => transfers.uid, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: TRANSFER_STATUSES }),
    toStatus: text('to_status', { enum: TRANSFER_STATUSES }).notNull(),
    source: text('source', { enum: TRANSFER_EVENT_SOURCES }).notNull(),
    /** In English: the fallback for rows without a code, and what the CSV, audit and mails say. */
    note: text('note'),
    /** A member's decision or the API's own reason as a code and values (see transfers/notes.ts). */
    noteCode: text('note_code', { enum: TRANSFER_NOTE_CODES }),
    noteParams: jsonb('note_params').$type<TTransferNoteParams>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('transfer_events_transfer_idx').on(table.transferUid, table.id),
    check('transfer_events_note_code_check', sql`${table.noteCode} in (${sqlList(TRANSFER_NOTE_CODES)})`),
    check(
      'transfer_events_note_params_check',
      sql`(${table.noteCode} is null) = (${table.noteParams} is null)`,
    ),
  ],
);

export const LEDGER_ACCOUNT_KINDS = [
  /** The organization's bank side: fiat leaving it (negative) or arriving (positive). */
  'bank',
  /** What the provider holds for the organization while a transfer is under way. */
  'provider_clearing',
  /** The provider's exchange: fiat in, stablecoin out (one per currency, so each currency balances). */
  'provider_exchange',
  /** Fees paid to the provider. */
  'provider_fees',
  /** The organization's registered wallets: stablecoin arriving (positive) or leaving (negative). */
  'wallets',
] as const;
export const LEDGER_ENTRY_STATUSES = ['pending', 'posted', 'archived'] as const;

/** One ledger account per organization, kind and currency. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_organization_kind_currency_unique').on(
      table.organizationUid,
      table.kind,
      table.currency,
    ),
  ],
);

/**
 * Double-entry ledger lines (signed amounts: each posting's lines sum to zero per currency).
 * Pending lines become posted or archived; posted lines are never changed: a return posts
 * reversing lines.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    accountUid: uuid('account_uid')
      .notNull()
      .references(() => ledgerAccounts.uid),
    transferUid: uuid('transfer_uid')
      .notNull()
      .references(() => transfers.uid, { onDelete: 'cascade' }),
    /** One balanced set of lines: 'transfer' (pending then posted/archived) or 'reversal'. */
    posting: text('posting').notNull(),
    currency: text('currency').notNull(),
    amount: amount('amount').notNull(),
    status: text('status', { enum: LEDGER_ENTRY_STATUSES }).notNull(),
    /** The transfer's fiat rail (BRL, MXN): a dimension of every line of its postings. */
    fiatCurrency: text('fiat_currency').notNull(),
    /**
     * The registered wallet the transfer moved to or from, as it was when posted (no foreign key:
     * the ledger outlives a deleted wallet; readers resolve it against registered_wallets).
     */
    walletUid: uuid('wallet_uid'),
    createdAt: createdAt(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountUid, table.status),
    index('ledger_entries_transfer_idx').on(table.transferUid),
    check('ledger_entries_status_check', sql`${table.status} in (${sqlList(LEDGER_ENTRY_STATUSES)})`),
  ],
);

/**
 * Running balances of the ledger, per account, fiat rail and wallet: the sums of the lines that
 * count (posted and pending apart; archived lines count nowhere) and how many such lines there are.
 * Kept by statement triggers on ledger_entries in the statement that writes the lines (migration
 * 0016), so a balance read is a few rows whatever the history's length, and always equals the
 * lines' sums.
 */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    accountUid: uuid('account_uid')
      .notNull()
      .references(() => ledgerAccounts.uid, { onDelete: 'cascade' }),
    fiatCurrency: text('fiat_currency').notNull(),
    walletUid: uuid('wallet_uid'),
    posted: amount('posted').notNull(),
    pending: amount('pending').notNull(),
    /** Posted and pending lines summed here: a balance whose lines were all archived counts nowhere. */
    lines: bigint('lines', { mode: 'number' }).notNull(),
  },
  (table) => [
    unique('ledger_balances_account_fiat_wallet_unique')
      .on(table.accountUid, table.fiatCurrency, table.walletUid)
      .nullsNotDistinct(),
    index('ledger_balances_organization_idx').on(table.organizationUid),
  ],
);

/**
 * Idempotency keys of money-moving POSTs (http/idempotency.ts): per organization and user, kept
 * 24 hours. response_status null: the first request is still in flight.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, route and a SHA-256 of the canonical body. */
    fingerprint: text('fingerprint').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    createdAt: createdAt(),
    /** An in-flight claim older than this is considered abandoned (a crashed process). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationUid, table.userUid, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

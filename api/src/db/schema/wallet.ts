/** Each organization's Safe, its proposed signers and the relayer's nonces. */
import { SAFE_TRANSACTION_KINDS, SAFE_TRANSACTION_STATUSES } from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { createdAt, sqlList } from './columns';
import { memberships, organizations, signingDevices, users } from './identity';
import { transfers } from './transfers';

export const WALLET_STATUSES = ['undeployed', 'deploying', 'deployed', 'failed'] as const;

/**
 * An organization's multi-signature wallet (api/src/modules/wallet): its configuration, once per
 * organization. No row means undeployed with no signer. From the deploy request on, the exact Safe
 * configuration is kept here (ordered owners, threshold, salt nonce, factory, singleton, fallback
 * handler) with the address it predicts, before any transaction is sent: every network the Safe is
 * deployed on gets this same configuration, so the same address (as Safe{Wallet}'s multi-chain
 * Safes). `chain_id` is the first network's: the one the deploy request chose.
 */
export const wallets = pgTable('wallets', {
  organizationUid: uuid('organization_uid')
    .primaryKey()
    .references(() => organizations.uid, { onDelete: 'cascade' }),
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
  createdAt: createdAt(),
});

/**
 * The Safe's deployment on one network (chain id): the first one the deploy request starts, each
 * next one "Deploy on <network>". Its own attempt, status and transaction (recorded signed before it
 * is broadcast), so each network's deploy job follows its own.
 */
export const walletDeployments = pgTable(
  'wallet_deployments',
  {
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => wallets.organizationUid, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    status: text('status', { enum: WALLET_STATUSES }).notNull(),
    /** The configuration's address: the same on every network. */
    address: text('address').notNull(),
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
  (table) => [
    primaryKey({ columns: [table.organizationUid, table.chainId] }),
    index('wallet_deployments_chain_status_idx').on(table.chainId, table.status),
    check('wallet_deployments_status_check', sql`${table.status} in (${sqlList(WALLET_STATUSES)})`),
  ],
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

/**
 * A transaction of an organization's Safe (modules/safe-transactions), as the Safe Transaction
 * Service keeps one: its SafeTx fields at a nonce and their EIP-712 hash (unique per Safe), what
 * it sends in words (a transfer: token, amount, recipient), and its life: awaiting confirmations,
 * ready, executing (the relayer's execTransaction, recorded signed before it is broadcast),
 * executed or failed on chain, or replaced by another transaction at its nonce.
 */
export const safeTransactions = pgTable(
  'safe_transactions',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    organizationUid: uuid('organization_uid')
      .notNull()
      .references(() => organizations.uid, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    safeAddress: text('safe_address').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    safeTxHash: text('safe_tx_hash').notNull(),
    kind: text('kind', { enum: SAFE_TRANSACTION_KINDS }).notNull(),
    status: text('status', { enum: SAFE_TRANSACTION_STATUSES }).notNull(),
    /** The SafeTx fields, uint256 values as decimal strings. */
    tx: jsonb('tx').$type<Record<string, string | number>>().notNull(),
    /** A transfer's token, amount and recipient as proposed (null for a rejection). */
    transfer: jsonb('transfer').$type<{
      symbol: string;
      amount: string;
      token: string;
      recipient: { walletUid: string | null; name: string; address: string };
    }>(),
    /** The Safe's owners (EIP-55) and threshold when it was proposed: whose confirmations it takes. */
    owners: jsonb('owners').$type<string[]>().notNull(),
    threshold: integer('threshold').notNull(),
    proposedBy: uuid('proposed_by').references(() => users.uid, { onDelete: 'set null' }),
    /** The off-ramp this transfer pays (its exact amount to the provider's deposit address). */
    transferUid: uuid('transfer_uid').references(() => transfers.uid, { onDelete: 'set null' }),
    executionTxHash: text('execution_tx_hash'),
    executionRawTx: text('execution_raw_tx'),
    executionNonce: integer('execution_nonce'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('safe_transactions_hash_unique').on(table.chainId, table.safeAddress, table.safeTxHash),
    index('safe_transactions_organization_nonce_idx').on(table.organizationUid, table.nonce, table.createdAt),
    // One transaction's page: found by the organization and its safeTxHash.
    index('safe_transactions_organization_hash_idx').on(table.organizationUid, table.safeTxHash),
    // The history's keyset: the last to leave the queue first.
    index('safe_transactions_organization_updated_idx').on(table.organizationUid, table.updatedAt, table.uid),
    // One payment per off-ramp: a second proposal job finds it instead of proposing again.
    uniqueIndex('safe_transactions_transfer_unique')
      .on(table.transferUid)
      .where(sql`${table.kind} = 'transfer'`),
    check('safe_transactions_kind_check', sql`${table.kind} in (${sqlList(SAFE_TRANSACTION_KINDS)})`),
    check('safe_transactions_status_check', sql`${table.status} in (${sqlList(SAFE_TRANSACTION_STATUSES)})`),
  ],
);

/** An owner's confirmation of a Safe transaction: its signature (packed on execution), once per owner. */
export const safeTransactionConfirmations = pgTable(
  'safe_transaction_confirmations',
  {
    safeTransactionUid: uuid('safe_transaction_uid')
      .notNull()
      .references(() => safeTransactions.uid, { onDelete: 'cascade' }),
    /** EIP-55. */
    owner: text('owner').notNull(),
    /** 65 bytes hex, v 27/28 (EIP-712) or 31/32 (eth_sign), as the Safe takes it. */
    signature: text('signature').notNull(),
    userUid: uuid('user_uid').references(() => users.uid, { onDelete: 'set null' }),
    signingDeviceUid: uuid('signing_device_uid').references(() => signingDevices.uid, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.safeTransactionUid, table.owner] })],
);

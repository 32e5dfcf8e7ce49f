/** What the API saw on chain: token transfers it counted, and how far it read each network. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { registeredWallets } from './counterparties';
import { organizations } from './identity';
import { transfers } from './transfers';

export const CHAIN_TRANSFER_KINDS = ['delivery', 'incoming', 'safe_transfer'] as const;
/** Whose address an incoming deposit reached: the organization's Safe or one of its registered wallets. */
export const CHAIN_TRANSFER_HOLDERS = ['safe', 'registered'] as const;

/**
 * An ERC-20 Transfer log the API counted, once, so a replayed webhook, a second job run or a
 * reorganised re-read can never count it twice. delivery: an on-ramp's or deposit's tokens to the
 * wallet (transfer_uid), unique by (chain id, transaction hash, log index). incoming: tokens that
 * reached an organization's Safe or registered wallet with no transfer to explain them (booked to
 * its ledger), unique by the same and the organization (an address two organizations registered is
 * each one's). safe_transfer: tokens the organization's Safe sent in a transaction of its queue
 * (booked to its ledger when executed; wallet_uid the registered wallet it paid, if one), unique by
 * log. Amounts in the token's base units (numeric(78,0) holds any uint256) with its decimals.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    token: text('token').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    units: numeric('units', { precision: 78, scale: 0 }).notNull(),
    kind: text('kind', { enum: CHAIN_TRANSFER_KINDS }).notNull(),
    organizationUid: uuid('organization_uid').references(() => organizations.uid, { onDelete: 'cascade' }),
    transferUid: uuid('transfer_uid').references(() => transfers.uid, { onDelete: 'set null' }),
    /** incoming: the Safe or a registered wallet (wallet_uid, kept null once the wallet is deleted). */
    holder: text('holder', { enum: CHAIN_TRANSFER_HOLDERS }),
    walletUid: uuid('wallet_uid').references(() => registeredWallets.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chain_transfers_log_unique')
      .on(table.chainId, table.txHash, table.logIndex)
      .where(sql`${table.kind} = 'delivery'`),
    uniqueIndex('chain_transfers_safe_transfer_unique')
      .on(table.chainId, table.txHash, table.logIndex)
      .where(sql`${table.kind} = 'safe_transfer'`),
    uniqueIndex('chain_transfers_incoming_unique')
      .on(table.chainId, table.txHash, table.logIndex, table.organizationUid)
      .where(sql`${table.kind} = 'incoming'`),
    index('chain_transfers_transfer_idx').on(table.transferUid),
    index('chain_transfers_organization_idx').on(table.organizationUid, table.createdAt),
    check('chain_transfers_kind_check', sql`${table.kind} in (${sqlList(CHAIN_TRANSFER_KINDS)})`),
    check(
      'chain_transfers_incoming_check',
      sql`(${table.kind} = 'incoming') = (${table.holder} is not null and ${table.organizationUid} is not null)`,
    ),
    check('chain_transfers_units_check', sql`${table.units} >= 0`),
  ],
);

export const CHAIN_NETWORK_STATUSES = ['watched', 'unreachable'] as const;

/**
 * The balance watcher's cursor, one row per watched network: the last block whose balances it read
 * and stored (the newest with the configured confirmations), moved in the transaction that stored
 * them, so a restart resumes from it; and whether the chain answered at its last look (unreachable
 * since `status_since`). A network without an RPC configured has no row: it is not watched.
 */
export const chainNetworks = pgTable(
  'chain_networks',
  {
    network: text('network').primaryKey(),
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    status: text('status', { enum: CHAIN_NETWORK_STATUSES }).notNull(),
    statusSince: timestamp('status_since', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('chain_networks_status_check', sql`${table.status} in (${sqlList(CHAIN_NETWORK_STATUSES)})`),
  ],
);

/**
 * What an address holds of a token on a network, as the watcher last read it: base units
 * (numeric(78,0) holds any uint256) with the token's decimals. Written when first read and when it
 * changes (`block_number`, `checked_at`: the read that found this amount); the network's cursor says
 * up to which block every amount is current. Addresses lowercased; one row serves every organization
 * that watches the address.
 */
export const chainBalances = pgTable(
  'chain_balances',
  {
    network: text('network').notNull(),
    address: text('address').notNull(),
    token: text('token').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    units: numeric('units', { precision: 78, scale: 0 }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.network, table.address, table.token] }),
    check('chain_balances_units_check', sql`${table.units} >= 0`),
  ],
);

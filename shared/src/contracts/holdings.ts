import { deferred, ZIsoDateTime, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { ZSignedDecimalString } from './money';
import { ZNetworkId } from './network-ids';

/**
 * What the organization holds on chain, as the API's watcher last read it (one Multicall3 read per
 * network and block), beside what the ledger says each registered wallet received. Every member
 * reads it (Viewers too), approved or not:
 *
 * | Call | Who | Answer |
 * |---|---|---|
 * | GET organizations/{orgUid}/holdings | every member (organization.read) | 200 {data: THoldings} |
 *
 * Amounts are decimal strings in whole tokens (the token's base units converted with its decimals,
 * never rounded). A network the API has no RPC for is `unwatched`; one it could not reach at its
 * last look is `unreachable` (its amounts are the last ones read, at `block`).
 */

/** A non-negative decimal string of any length: a token amount in whole tokens ('0', '1250.000001'). */
export const ZTokenAmountString = deferred(() => z.string().regex(/^\d+(\.\d+)?$/));

export const HOLDINGS_NETWORK_STATUSES = ['watched', 'unreachable', 'unwatched'] as const;
export const ZHoldingsNetworkStatus = deferred(() => z.enum(HOLDINGS_NETWORK_STATUSES));
export type THoldingsNetworkStatus = z.infer<typeof ZHoldingsNetworkStatus>;

/** One EVM network the organization has a wallet on, or the API watches. */
export const ZHoldingsNetwork = deferred(() =>
  z.object({
    network: ZNetworkId,
    /** EIP-155 chain id (a local dev chain takes its testnet's). */
    chainId: z.number().int().positive(),
    /** A local dev chain (api/dev-chain) standing in for the testnet: its tokens are test tokens. */
    local: z.boolean(),
    status: ZHoldingsNetworkStatus,
    /** The block the amounts were read at (the newest with the configured confirmations); null: none read yet. */
    block: z.number().int().nonnegative().nullable(),
    /** When that block was read; null: never. */
    checkedAt: ZIsoDateTime.nullable(),
    /** Since when the network has had its status (watched or unreachable); null when unwatched. */
    statusSince: ZIsoDateTime.nullable(),
  }),
);
export type THoldingsNetwork = z.infer<typeof ZHoldingsNetwork>;

export const HOLDINGS_WALLET_KINDS = ['safe', 'registered'] as const;

/** One token of a wallet: its amount at the network's block; null when the network cannot tell (unwatched, not read yet). */
export const ZHoldingsTokenBalance = deferred(() =>
  z.object({
    symbol: z.string(),
    amount: ZTokenAmountString.nullable(),
  }),
);
export type THoldingsTokenBalance = z.infer<typeof ZHoldingsTokenBalance>;

/**
 * A wallet whose tokens are read: the organization's Safe once deployed (`uid` null), or a registered
 * wallet on an EVM network (`uid` its registered-wallet uid).
 */
export const ZHoldingsWallet = deferred(() =>
  z.object({
    kind: z.enum(HOLDINGS_WALLET_KINDS),
    uid: ZUid.nullable(),
    /** The registered wallet's name; null for the Safe. */
    name: z.string().nullable(),
    network: ZNetworkId,
    address: z.string(),
    /** Every token the API knows on the network, in the token table's order. */
    balances: z.array(ZHoldingsTokenBalance),
  }),
);
export type THoldingsWallet = z.infer<typeof ZHoldingsWallet>;

/**
 * A wallet and token where the ledger's posted amount and the chain's differ (the chain's at `block`
 * of its network); `difference` is chain minus ledger. The Safe (`kind` safe, `walletUid` and `name`
 * null) and the registered wallets are compared, on tokens the chain could be read for.
 */
export const ZHoldingsDifference = deferred(() =>
  z.object({
    kind: z.enum(HOLDINGS_WALLET_KINDS),
    walletUid: ZUid.nullable(),
    name: z.string().nullable(),
    network: ZNetworkId,
    address: z.string(),
    symbol: z.string(),
    ledger: ZSignedDecimalString,
    chain: ZTokenAmountString,
    difference: ZSignedDecimalString,
    block: z.number().int().nonnegative(),
  }),
);
export type THoldingsDifference = z.infer<typeof ZHoldingsDifference>;

/**
 * Tokens that reached the Safe or a registered wallet with no transfer to explain them (not an
 * on-ramp's delivery, not a deposit the provider returned), booked to the ledger when seen on chain
 * with the configured confirmations.
 */
export const ZIncomingDeposit = deferred(() =>
  z.object({
    uid: ZUid,
    kind: z.enum(HOLDINGS_WALLET_KINDS),
    /** The registered wallet (null for the Safe, or a wallet deleted since) and its name. */
    walletUid: ZUid.nullable(),
    name: z.string().nullable(),
    network: ZNetworkId,
    /** The sender and the receiving wallet, EIP-55. */
    from: z.string(),
    to: z.string(),
    symbol: z.string(),
    amount: ZTokenAmountString,
    txHash: z.string(),
    block: z.number().int().nonnegative(),
    bookedAt: ZIsoDateTime,
  }),
);
export type TIncomingDeposit = z.infer<typeof ZIncomingDeposit>;

/** How many of the latest incoming deposits the holdings list. */
export const HOLDINGS_INCOMING_LIMIT = 10;

export const ZHoldings = deferred(() =>
  z.object({
    networks: z.array(ZHoldingsNetwork),
    wallets: z.array(ZHoldingsWallet),
    /** Empty when the ledger and the chain agree everywhere they can be compared. */
    reconciliation: z.array(ZHoldingsDifference),
    /** The latest incoming deposits, newest first (at most HOLDINGS_INCOMING_LIMIT). */
    incoming: z.array(ZIncomingDeposit),
  }),
);
export type THoldings = z.infer<typeof ZHoldings>;
export const ZHoldingsResponse = deferred(() => z.object({ data: ZHoldings }));
export const ZHoldingsParams = deferred(() => z.object({ organizationUid: ZUid }));

/** The holdings' path under the API prefix (the organization is in the path, as the overview's). */
export const holdingsPath = (organizationUid: string) =>
  `organizations/${encodeURIComponent(organizationUid)}/holdings`;

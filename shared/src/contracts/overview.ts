import { deferred, english, ZIsoDateTime, ZUid } from '@dash/shared/contracts-core';
import { z } from '@dash/shared/zod';
import { ZKybStatus } from './kyb';
import { ZFiatCurrency, ZSignedDecimalString } from './money';
import { ZNetworkId } from './network-ids';
import { ZProviderAccountStatus } from './providers';
import { ZTransferSummary, ZTransferType } from './transfers';
import { ZWalletStatus } from './wallet';

/**
 * The organization overview (/org/{org}, issue 14): what a treasurer checks first each morning, in
 * one read. Every member reads it (Viewers too), approved or not:
 *
 * | Call | Who | Answer |
 * |---|---|---|
 * | GET organizations/{orgUid}/overview | every member (organization.read) | 200 {data: TOverview} |
 *
 * Balances come from the ledger (posted entries of the `wallets` account, summed in SQL), never
 * from transfers; amounts are decimal strings (signed where a balance may be negative).
 */

/** How many transfers the Latest transactions card shows. */
export const OVERVIEW_LATEST_TRANSACTIONS = 5;
/** The volume chart's window, in days (today included). */
export const OVERVIEW_VOLUME_DAYS = 30;

/** What the organization holds in one currency, through one fiat rail (the link filters transactions by it). */
export const ZOverviewCurrencyBalance = deferred(() =>
  z.object({
    /** The stablecoin (testbrz, USDC...). */
    currency: z.string(),
    /** The fiat side of the transfers that made this balance; null: tokens received on chain (incoming deposits). */
    fiatCurrency: ZFiatCurrency.nullable(),
    /** Posted ledger entries. */
    posted: ZSignedDecimalString,
    /** Entries of transfers still under way (positive: arriving; negative: leaving). */
    pending: ZSignedDecimalString,
  }),
);
export type TOverviewCurrencyBalance = z.infer<typeof ZOverviewCurrencyBalance>;

/**
 * What the ledger received into one registered wallet (on-ramps and deposits name their wallet).
 * `wallet` null: movements no registered wallet is named on (off-ramps send from the organization's
 * wallets as a whole), or, with `deletedWallets`, what went to wallets deleted from the registry
 * since; so the rows of one currency add up to its balance.
 */
export const ZOverviewWalletBalance = deferred(() =>
  z.object({
    wallet: z.object({ uid: ZUid, name: z.string(), address: z.string(), network: ZNetworkId }).nullable(),
    deletedWallets: z.boolean(),
    /** The organization's Safe (`wallet` null): tokens that arrived at it. */
    safe: z.boolean(),
    currency: z.string(),
    posted: ZSignedDecimalString,
    pending: ZSignedDecimalString,
  }),
);
export type TOverviewWalletBalance = z.infer<typeof ZOverviewWalletBalance>;

/** One day's volume of one direction in one fiat currency (completed transfers, fiat side). */
export const ZOverviewVolumePoint = deferred(() =>
  z.object({
    /** The UTC day, yyyy-mm-dd. */
    day: z.iso.date(),
    type: ZTransferType,
    currency: ZFiatCurrency,
    amount: ZSignedDecimalString,
    count: z.number().int().nonnegative(),
  }),
);
export type TOverviewVolumePoint = z.infer<typeof ZOverviewVolumePoint>;

export const ZOverview = deferred(() =>
  z.object({
    kyb: z.object({ status: ZKybStatus, decisionNote: z.string().nullable() }),
    providerAccounts: z.array(
      z.object({
        provider: z.object({ uid: ZUid, name: z.string() }),
        status: ZProviderAccountStatus,
        reason: z.string().nullable(),
      }),
    ),
    /** The organization's multi-signature wallet. */
    wallet: z.object({
      status: ZWalletStatus,
      address: z.string().nullable(),
      threshold: z.number().int().positive().nullable(),
      signers: z.number().int().nonnegative(),
      readySigners: z.number().int().nonnegative(),
    }),
    balances: z.object({
      byCurrency: z.array(ZOverviewCurrencyBalance),
      byWallet: z.array(ZOverviewWalletBalance),
    }),
    /** What waits for the reader (not for the organization as a whole). */
    waiting: z.object({
      /** Transfers awaiting an approval the reader may give (not their own; never for Viewers). */
      approvals: z.number().int().nonnegative(),
      /** Safe transactions awaiting a confirmation from the reader's signing device (an owner's). */
      signatures: z.number().int().nonnegative(),
      /** Conversations with messages the reader has not read. */
      unreadConversations: z.number().int().nonnegative(),
      /** Invitations to the reader's e-mail, from any organization. */
      invitations: z.number().int().nonnegative(),
    }),
    latestTransactions: z.array(ZTransferSummary).max(OVERVIEW_LATEST_TRANSACTIONS),
    volume: z.object({
      /** First and last UTC day of the window (inclusive). */
      from: z.iso.date(),
      to: z.iso.date(),
      points: z.array(ZOverviewVolumePoint),
    }),
    /** The getting-started checklist, each item done or not. */
    checklist: z.object({
      kybApproved: z.boolean(),
      providerAccountActive: z.boolean(),
      walletRegistered: z.boolean(),
      firstDeposit: z.boolean(),
      teammateInvited: z.boolean(),
    }),
    /** Any transfer at all (an organization without one gets the checklist instead of empty cards). */
    hasTransfers: z.boolean(),
    generatedAt: ZIsoDateTime,
  }),
);
export type TOverview = z.infer<typeof ZOverview>;
export const ZOverviewResponse = deferred(() => z.object({ data: ZOverview }));
export const ZOverviewParams = deferred(() => z.object({ organizationUid: ZUid }));

export const OVERVIEW_FETCH_FAILED_MESSAGE = english('messages.failedToFetchOverview');

/** The overview's path under the API prefix (the organization is in the path, not the header). */
export const overviewPath = (organizationUid: string) =>
  `organizations/${encodeURIComponent(organizationUid)}/overview`;

import type {
  TFiatCurrency,
  TKybStatus,
  TOverview,
  TOverviewCurrencyBalance,
  TOverviewVolumePoint,
  TOverviewWalletBalance,
  TTransferType,
} from '@dash/shared/contracts';
import { and, asc, count, eq, gt, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  invitations,
  kybApplications,
  ledgerAccounts,
  ledgerBalances,
  memberships,
  providerAccounts,
  providers,
  registeredWallets,
  threadReads,
  threads,
  transfers,
  transferVolumes,
  walletDeployments,
  walletSigners,
  wallets,
} from '../../db/schema';
import { isPending as isPendingInvitation } from '../invitations/index';

/** A numeric sum as text without trailing zeros ('1250.50000000' -> '1250.5'; '-0' never). */
const decimalText = (value: ReturnType<typeof sql>) => sql<string>`coalesce(trim_scale(${value}), 0)::text`;

/** A numeric sum of running balances as text without trailing zeros. */
const sumText = (column: typeof ledgerBalances.posted) => decimalText(sql`sum(${column})`);

/**
 * Balances from the ledger: the organization's `wallets` and `safe` accounts, posted and pending
 * apart, rolled up per currency and fiat rail (null: received on chain) and per registered wallet or
 * the Safe (grouping sets) from the running balances
 * the ledger keeps (ledger_balances: a few rows per currency and wallet, whatever the history's
 * length). A balance whose lines were all archived counts nowhere; the wallets deleted since keep
 * their history in one row of their own (the ledger keeps the wallet's uid; the registry no longer
 * has its name).
 */
export async function balances(db: Database, organizationUid: string): Promise<TOverview['balances']> {
  const perWallet = sql<number>`grouping(${registeredWallets.uid})`;
  // The Safe's lines may name the wallet it paid (a dimension of the posting): the Safe is one row.
  const safe = sql<boolean>`(${ledgerAccounts.kind} = 'safe')`;
  const deletedWallets = sql<boolean>`(${ledgerAccounts.kind} <> 'safe' and ${ledgerBalances.walletUid} is not null and ${registeredWallets.uid} is null)`;
  const rows = await db
    .select({
      perWallet,
      deletedWallets,
      safe,
      currency: ledgerAccounts.currency,
      fiatCurrency: ledgerBalances.fiatCurrency,
      // Null when the balance names no wallet, or one deleted since (a left join's empty side).
      wallet: {
        uid: registeredWallets.uid,
        name: registeredWallets.name,
        address: registeredWallets.address,
        network: registeredWallets.network,
      },
      posted: sumText(ledgerBalances.posted),
      pending: sumText(ledgerBalances.pending),
    })
    .from(ledgerBalances)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.uid, ledgerBalances.accountUid))
    .leftJoin(
      registeredWallets,
      and(
        eq(registeredWallets.uid, ledgerBalances.walletUid),
        eq(registeredWallets.organizationUid, organizationUid),
        ne(ledgerAccounts.kind, 'safe'),
      ),
    )
    .where(
      and(
        eq(ledgerBalances.organizationUid, organizationUid),
        inArray(ledgerAccounts.kind, ['wallets', 'safe']),
        gt(ledgerBalances.lines, 0),
      ),
    )
    .groupBy(
      sql`grouping sets ((${ledgerAccounts.currency}, ${ledgerBalances.fiatCurrency}), (${ledgerAccounts.currency}, ${registeredWallets.uid}, ${registeredWallets.name}, ${registeredWallets.address}, ${registeredWallets.network}, ${deletedWallets}, ${safe}))`,
    )
    .orderBy(asc(ledgerAccounts.currency), asc(ledgerBalances.fiatCurrency));
  const rank = (row: TOverviewWalletBalance) => (row.safe ? 0 : row.wallet ? 1 : row.deletedWallets ? 2 : 3);
  const byWallet: TOverviewWalletBalance[] = rows
    .filter((row) => Number(row.perWallet) === 0)
    .map((row) => ({
      wallet: row.wallet,
      deletedWallets: Boolean(row.deletedWallets),
      safe: Boolean(row.safe),
      currency: row.currency,
      posted: row.posted,
      pending: row.pending,
    }))
    .sort(
      (a, b) =>
        a.currency.localeCompare(b.currency) ||
        // The Safe, registered wallets by name, then the deleted ones, then what names no wallet.
        rank(a) - rank(b) ||
        (a.wallet && b.wallet ? a.wallet.name.localeCompare(b.wallet.name) : 0),
    );
  const byCurrency: TOverviewCurrencyBalance[] = rows
    .filter((row) => Number(row.perWallet) === 1)
    .map((row) => ({
      currency: row.currency,
      fiatCurrency: row.fiatCurrency as TFiatCurrency | null,
      posted: row.posted,
      pending: row.pending,
    }));
  return { byCurrency, byWallet };
}

/**
 * Completed transfers per UTC day, direction and fiat currency, on the fiat side (what was paid in
 * for an on-ramp or deposit, what was paid out for an off-ramp), from the tallies the database keeps
 * (transfer_volumes): at most a few hundred rows for the window, whatever the history's length.
 */
export async function volume(
  db: Database,
  organizationUid: string,
  /** The window's first UTC day, YYYY-MM-DD. */
  from: string,
): Promise<TOverviewVolumePoint[]> {
  const rows = await db
    .select({
      day: sql<string>`to_char(${transferVolumes.day}, 'YYYY-MM-DD')`,
      type: transferVolumes.type,
      currency: transferVolumes.fiatCurrency,
      amount: decimalText(sql`${transferVolumes.amount}`),
      count: transferVolumes.count,
    })
    .from(transferVolumes)
    .where(
      and(
        eq(transferVolumes.organizationUid, organizationUid),
        gte(transferVolumes.day, from),
        gt(transferVolumes.count, 0),
      ),
    )
    .orderBy(transferVolumes.day, transferVolumes.type, transferVolumes.fiatCurrency);
  return rows.map((row) => ({
    ...row,
    type: row.type as TTransferType,
    currency: row.currency as TFiatCurrency,
    count: Number(row.count),
  }));
}

export async function kybOf(db: Database, organizationUid: string) {
  const [row] = await db
    .select({ status: kybApplications.status, decisionNote: kybApplications.decisionNote })
    .from(kybApplications)
    .where(eq(kybApplications.organizationUid, organizationUid));
  return row ?? { status: 'NotStarted' as TKybStatus, decisionNote: null };
}

export async function providerAccountsOf(db: Database, organizationUid: string) {
  const rows = await db
    .select({
      providerUid: providers.uid,
      providerName: providers.name,
      status: providerAccounts.status,
      reason: providerAccounts.reason,
    })
    .from(providerAccounts)
    .innerJoin(providers, eq(providers.uid, providerAccounts.providerUid))
    .where(eq(providerAccounts.organizationUid, organizationUid))
    .orderBy(asc(providers.name));
  return rows.map((row) => ({
    provider: { uid: row.providerUid, name: row.providerName },
    status: row.status,
    reason: row.reason,
  }));
}

export async function walletOf(db: Database, organizationUid: string): Promise<TOverview['wallet']> {
  const [[wallet], [signers]] = await Promise.all([
    db
      // The wallet on its first network (the one the deploy request chose).
      .select({
        status: walletDeployments.status,
        address: wallets.address,
        threshold: wallets.threshold,
        owners: wallets.owners,
      })
      .from(wallets)
      .leftJoin(
        walletDeployments,
        and(
          eq(walletDeployments.organizationUid, wallets.organizationUid),
          eq(walletDeployments.chainId, wallets.chainId),
        ),
      )
      .where(eq(wallets.organizationUid, organizationUid)),
    db
      .select({
        total: count(),
        ready: sql<number>`count(*) filter (where ${walletSigners.signingDeviceUid} is not null)::int`,
      })
      .from(walletSigners)
      .where(eq(walletSigners.organizationUid, organizationUid)),
  ]);
  // Once deploy is requested, its signers are the owners it is deployed with (whoever left since).
  const status = wallet?.status ?? 'undeployed';
  const owners = wallet && status !== 'undeployed' ? wallet.owners : null;
  return {
    status,
    address: status === 'undeployed' ? null : (wallet?.address ?? null),
    threshold: wallet?.threshold ?? null,
    signers: owners ? owners.length : Number(signers?.total ?? 0),
    readySigners: owners ? owners.length : Number(signers?.ready ?? 0),
  };
}

/** Off-ramps waiting for a second member: everyone's but the reader's own (the creator cannot approve). */
export async function approvalsWaitingFor(db: Database, organizationUid: string, userUid: string) {
  const [row] = await db
    .select({ total: count() })
    .from(transfers)
    .where(
      and(
        eq(transfers.organizationUid, organizationUid),
        eq(transfers.status, 'awaiting_approval'),
        or(sql`${transfers.createdBy} is null`, ne(transfers.createdBy, userUid)),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Conversations with a message the reader has not read (threads.message_count is the newest seq). */
export async function unreadConversations(db: Database, organizationUid: string, userUid: string) {
  const [row] = await db
    .select({ total: count() })
    .from(threads)
    .leftJoin(threadReads, and(eq(threadReads.threadUid, threads.uid), eq(threadReads.userUid, userUid)))
    .where(
      and(
        eq(threads.organizationUid, organizationUid),
        gt(threads.messageCount, sql`coalesce(${threadReads.readSeq}, 0)`),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function invitationsTo(db: Database, email: string) {
  const [row] = await db
    .select({ total: count() })
    .from(invitations)
    .where(and(eq(invitations.email, email), isPendingInvitation));
  return Number(row?.total ?? 0);
}

/** Facts of the getting-started checklist, each an EXISTS on an indexed prefix. */
export async function checklistFacts(db: Database, organizationUid: string) {
  const exists = (query: ReturnType<typeof sql>) => sql<boolean>`exists (${query})`;
  const [row] = await db
    .select({
      walletRegistered: exists(
        sql`select 1 from ${registeredWallets} where ${registeredWallets.organizationUid} = ${organizationUid}`,
      ),
      firstDeposit: exists(
        sql`select 1 from ${transfers} where ${transfers.organizationUid} = ${organizationUid} and ${transfers.type} in ('deposit', 'on_ramp')`,
      ),
      hasTransfers: exists(
        sql`select 1 from ${transfers} where ${transfers.organizationUid} = ${organizationUid}`,
      ),
      teammate: exists(
        sql`select 1 from ${memberships} where ${memberships.organizationUid} = ${organizationUid} offset 1`,
      ),
      invited: exists(
        sql`select 1 from ${invitations} where ${invitations.organizationUid} = ${organizationUid}`,
      ),
    })
    .from(sql`(select 1) as one`);
  return {
    walletRegistered: Boolean(row?.walletRegistered),
    firstDeposit: Boolean(row?.firstDeposit),
    hasTransfers: Boolean(row?.hasTransfers),
    teammateInvited: Boolean(row?.teammate) || Boolean(row?.invited),
  };
}

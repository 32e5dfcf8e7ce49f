import { and, asc, countDistinct, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  chainBalances,
  chainNetworks,
  chainTransfers,
  ledgerAccounts,
  ledgerEntries,
  registeredWallets,
  transfers,
  walletDeployments,
} from '../../db/schema';

/** An EVM address as the chain_balances rows key it. */
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const lowered = (addresses: readonly string[]) => addresses.map((address) => address.toLowerCase());

export type CursorRow = typeof chainNetworks.$inferSelect;
export type BalanceRow = typeof chainBalances.$inferInsert;

/** Where a network's wallets are: its name (registered wallets) and chain id (the Safes). */
export interface NetworkKey {
  network: string;
  chainId: number;
}

/** Every deployed Safe and registered wallet on the network, lowercased, each once (a list of any size). */
export async function watchedAddresses(db: Database, { network, chainId }: NetworkKey): Promise<string[]> {
  const [registered, safes] = await Promise.all([
    db
      .selectDistinct({ address: registeredWallets.address })
      .from(registeredWallets)
      .where(eq(registeredWallets.network, network as typeof registeredWallets.$inferSelect.network)),
    db
      .select({ address: walletDeployments.address })
      .from(walletDeployments)
      .where(and(eq(walletDeployments.status, 'deployed'), eq(walletDeployments.chainId, chainId))),
  ]);
  const all = [...registered, ...safes].map((row) => row.address ?? '').filter((a) => EVM_ADDRESS.test(a));
  return [...new Set(lowered(all))].sort();
}

/** Whether every address already has balances stored on the network (a new wallet has none yet). */
export async function allRead(db: Database, network: string, addresses: readonly string[]): Promise<boolean> {
  if (addresses.length === 0) return true;
  const [row] = await db
    .select({ read: countDistinct(chainBalances.address) })
    .from(chainBalances)
    .where(and(eq(chainBalances.network, network), inArray(chainBalances.address, [...addresses])));
  return Number(row?.read ?? 0) === addresses.length;
}

export async function findCursor(db: Database, network: string): Promise<CursorRow | undefined> {
  const [row] = await db.select().from(chainNetworks).where(eq(chainNetworks.network, network));
  return row;
}

/**
 * The network's cursor row, locked until the transaction ends (created on the first look, still
 * without a block); `previous` is its status before this transaction, null when it was just created.
 */
export async function lockCursor(tx: Database, { network, chainId }: NetworkKey, now: Date) {
  const [created] = await tx
    .insert(chainNetworks)
    .values({ network, chainId, status: 'unreachable', statusSince: now })
    .onConflictDoNothing()
    .returning();
  if (created) return { cursor: created, previous: null };
  const [cursor] = await tx
    .select()
    .from(chainNetworks)
    .where(eq(chainNetworks.network, network))
    .for('update');
  if (!cursor) throw new Error(`The cursor of ${network} vanished`);
  return { cursor, previous: cursor.status };
}

export async function updateCursor(
  tx: Database,
  network: string,
  values: Partial<Pick<CursorRow, 'blockNumber' | 'checkedAt' | 'status' | 'statusSince' | 'chainId'>>,
) {
  await tx.update(chainNetworks).set(values).where(eq(chainNetworks.network, network));
}

/** The stored units of the network's balances: `${address}:${token}` → units (a decimal string). */
export async function storedUnits(tx: Database, network: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ address: chainBalances.address, token: chainBalances.token, units: chainBalances.units })
    .from(chainBalances)
    .where(eq(chainBalances.network, network));
  return new Map(rows.map((row) => [balanceKey(row.address, row.token), row.units]));
}

export const balanceKey = (address: string, token: string) =>
  `${address.toLowerCase()}:${token.toLowerCase()}`;

/** Writes balances (new or changed), in statements of at most 500 rows (PostgreSQL's parameter limit). */
export async function writeBalances(tx: Database, rows: readonly BalanceRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await tx
      .insert(chainBalances)
      .values(rows.slice(start, start + 500))
      .onConflictDoUpdate({
        target: [chainBalances.network, chainBalances.address, chainBalances.token],
        set: {
          units: sql`excluded.units`,
          symbol: sql`excluded.symbol`,
          decimals: sql`excluded.decimals`,
          blockNumber: sql`excluded.block_number`,
          checkedAt: sql`excluded.checked_at`,
        },
      });
  }
}

/**
 * The organizations with a wallet on the network (a registered wallet, or a deployed Safe on its
 * chain), or only with one of `addresses` there.
 */
export async function organizationsOn(
  db: Database,
  { network, chainId }: NetworkKey,
  addresses?: readonly string[],
): Promise<string[]> {
  const among = (column: typeof registeredWallets.address | typeof walletDeployments.address) =>
    addresses ? inArray(sql`lower(${column})`, lowered(addresses)) : undefined;
  if (addresses?.length === 0) return [];
  const [registered, safes] = await Promise.all([
    db
      .selectDistinct({ organizationUid: registeredWallets.organizationUid })
      .from(registeredWallets)
      .where(
        and(
          eq(registeredWallets.network, network as typeof registeredWallets.$inferSelect.network),
          among(registeredWallets.address),
        ),
      ),
    db
      .select({ organizationUid: walletDeployments.organizationUid })
      .from(walletDeployments)
      .where(
        and(
          eq(walletDeployments.status, 'deployed'),
          eq(walletDeployments.chainId, chainId),
          among(walletDeployments.address),
        ),
      ),
  ]);
  return [...new Set([...registered, ...safes].map((row) => row.organizationUid))];
}

/**
 * The organization's Safe on each network it is deployed on (chain id and address, the same address
 * on each) and its registered wallets, by name.
 */
export async function walletsOf(db: Database, organizationUid: string) {
  const [safes, registered] = await Promise.all([
    db
      .select({ chainId: walletDeployments.chainId, address: walletDeployments.address })
      .from(walletDeployments)
      .where(
        and(eq(walletDeployments.organizationUid, organizationUid), eq(walletDeployments.status, 'deployed')),
      )
      .orderBy(asc(walletDeployments.createdAt), asc(walletDeployments.chainId)),
    db
      .select({
        uid: registeredWallets.uid,
        name: registeredWallets.name,
        network: registeredWallets.network,
        address: registeredWallets.address,
      })
      .from(registeredWallets)
      .where(eq(registeredWallets.organizationUid, organizationUid))
      .orderBy(asc(registeredWallets.name), asc(registeredWallets.uid)),
  ]);
  return { safes, registered };
}

export async function cursors(db: Database): Promise<CursorRow[]> {
  return db.select().from(chainNetworks);
}

/** The stored balances of some addresses on some networks. */
export async function balancesOf(db: Database, holders: readonly { network: string; address: string }[]) {
  const byNetwork = new Map<string, string[]>();
  for (const { network, address } of holders) {
    if (!EVM_ADDRESS.test(address)) continue;
    byNetwork.set(network, [...(byNetwork.get(network) ?? []), address.toLowerCase()]);
  }
  if (byNetwork.size === 0) return [];
  return db
    .select({
      network: chainBalances.network,
      address: chainBalances.address,
      token: chainBalances.token,
      units: chainBalances.units,
      decimals: chainBalances.decimals,
    })
    .from(chainBalances)
    .where(
      or(
        ...[...byNetwork].map(([network, addresses]) =>
          and(eq(chainBalances.network, network), inArray(chainBalances.address, addresses)),
        ),
      ),
    );
}

/**
 * The Safe's posted ledger amounts per network and currency. The ledger keeps one `safe` account per
 * currency; each of its lines belongs to a posting that names its network: a transfer's (an off-ramp
 * paid from the Safe: the quote's network) or a chain transfer's (a deposit to the Safe, a payment
 * of its queue: the chain it was seen on). So the Safe's USDC on one network is never compared with
 * what it holds on another. It sums the Safe's posted lines (indexed by account and status).
 */
export async function safeLedgerByNetwork(db: Database, organizationUid: string) {
  return db
    .select({
      network: sql<string>`coalesce(${transfers.network}, ${chainTransfers.network})`,
      currency: ledgerAccounts.currency,
      posted: sql<string>`coalesce(trim_scale(sum(${ledgerEntries.amount})), 0)::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.uid, ledgerEntries.accountUid))
    .leftJoin(transfers, eq(transfers.uid, ledgerEntries.transferUid))
    .leftJoin(chainTransfers, eq(chainTransfers.uid, ledgerEntries.chainTransferUid))
    .where(
      and(
        eq(ledgerAccounts.organizationUid, organizationUid),
        eq(ledgerAccounts.kind, 'safe'),
        eq(ledgerEntries.status, 'posted'),
      ),
    )
    .groupBy(sql`1`, ledgerAccounts.currency);
}

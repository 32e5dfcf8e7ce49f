import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TokenTransferLog } from '../../chain/index';
import type { Database } from '../../db/client';
import { chainTransfers, registeredWallets, transfers, walletDeployments } from '../../db/schema';
import { findDeliveryOwner } from '../transfers/index';
import type { NetworkKey } from './repo';

// The incoming deposits (chain_transfers, kind 'incoming'): who holds an address, whether a transfer
// explains a log, and the rows themselves.

/** An organization's wallet at an address: its Safe, or a registered wallet (its uid). */
export interface Holder {
  organizationUid: string;
  holder: 'safe' | 'registered';
  walletUid: string | null;
}

/**
 * Who holds each of `addresses` on the network (lowercased → holders): per organization its Safe
 * when the address is the Safe, else its registered wallet there. An address two organizations
 * registered is each one's.
 */
export async function holdersOf(
  db: Database,
  { network, chainId }: NetworkKey,
  addresses: readonly string[],
): Promise<Map<string, Holder[]>> {
  const held = new Map<string, Holder[]>();
  if (addresses.length === 0) return held;
  const lowered = addresses.map((address) => address.toLowerCase());
  const [safes, registered] = await Promise.all([
    db
      .select({ organizationUid: walletDeployments.organizationUid, address: walletDeployments.address })
      .from(walletDeployments)
      .where(
        and(
          eq(walletDeployments.status, 'deployed'),
          eq(walletDeployments.chainId, chainId),
          inArray(sql`lower(${walletDeployments.address})`, lowered),
        ),
      ),
    db
      .select({
        organizationUid: registeredWallets.organizationUid,
        address: registeredWallets.address,
        uid: registeredWallets.uid,
      })
      .from(registeredWallets)
      .where(
        and(
          eq(registeredWallets.network, network as typeof registeredWallets.$inferSelect.network),
          inArray(sql`lower(${registeredWallets.address})`, lowered),
        ),
      )
      .orderBy(registeredWallets.createdAt, registeredWallets.uid),
  ]);
  const add = (address: string, holder: Holder) => {
    const key = address.toLowerCase();
    const list = held.get(key) ?? [];
    if (list.some((other) => other.organizationUid === holder.organizationUid)) return;
    held.set(key, [...list, holder]);
  };
  for (const safe of safes) {
    add(safe.address ?? '', { organizationUid: safe.organizationUid, holder: 'safe', walletUid: null });
  }
  for (const wallet of registered) {
    add(wallet.address, {
      organizationUid: wallet.organizationUid,
      holder: 'registered',
      walletUid: wallet.uid,
    });
  }
  return held;
}

/**
 * Whether one of the organization's transfers explains the log: its Safe sent it (a Safe
 * transaction, booked on execution); it counted it as a delivery; an
 * on-ramp or deposit under way expects exactly this (its wallet, token and amount, and its
 * transaction when the provider named one); or it comes back from an off-ramp's deposit address
 * (the provider returning a deposit).
 */
export async function explainedByTransfer(
  db: Database,
  organizationUid: string,
  network: string,
  chainId: number,
  log: TokenTransferLog,
): Promise<boolean> {
  if ((await findDeliveryOwner(db, chainId, log)) !== undefined) return true;
  // The organization's own Safe sent it: a transaction of its queue, booked when executed.
  const [fromSafe] = await db
    .select({ uid: walletDeployments.organizationUid })
    .from(walletDeployments)
    .where(
      and(
        eq(walletDeployments.organizationUid, organizationUid),
        eq(walletDeployments.chainId, chainId),
        sql`lower(${walletDeployments.address}) = ${log.from.toLowerCase()}`,
      ),
    );
  if (fromSafe) return true;
  const [transfer] = await db
    .select({ uid: transfers.uid })
    .from(transfers)
    .where(
      and(
        eq(transfers.organizationUid, organizationUid),
        eq(transfers.network, network as typeof transfers.$inferSelect.network),
        or(
          and(
            inArray(transfers.type, ['on_ramp', 'deposit']),
            inArray(transfers.status, ['awaiting_funds', 'funds_received', 'payment_submitted']),
            sql`lower(${transfers.walletAddress}) = ${log.to.toLowerCase()}`,
            eq(transfers.targetCurrency, log.token.symbol),
            sql`${transfers.targetAmount} = ${log.amount}::numeric`,
            or(isNull(transfers.txHash), eq(transfers.txHash, log.txHash)),
          ),
          and(
            eq(transfers.type, 'off_ramp'),
            sql`lower(${transfers.instructions}->>'address') = ${log.from.toLowerCase()}`,
          ),
        ),
      ),
    )
    .limit(1);
  return transfer !== undefined;
}

/** The organization's latest incoming deposits, newest first, with the wallet's name when registered. */
export async function latestIncoming(db: Database, organizationUid: string, limit: number) {
  return db
    .select({
      uid: chainTransfers.uid,
      network: chainTransfers.network,
      txHash: chainTransfers.txHash,
      logIndex: chainTransfers.logIndex,
      blockNumber: chainTransfers.blockNumber,
      symbol: chainTransfers.symbol,
      decimals: chainTransfers.decimals,
      units: chainTransfers.units,
      fromAddress: chainTransfers.fromAddress,
      toAddress: chainTransfers.toAddress,
      holder: chainTransfers.holder,
      walletUid: chainTransfers.walletUid,
      walletName: registeredWallets.name,
      createdAt: chainTransfers.createdAt,
    })
    .from(chainTransfers)
    .leftJoin(registeredWallets, eq(registeredWallets.uid, chainTransfers.walletUid))
    .where(and(eq(chainTransfers.organizationUid, organizationUid), eq(chainTransfers.kind, 'incoming')))
    .orderBy(desc(chainTransfers.createdAt), desc(chainTransfers.blockNumber), desc(chainTransfers.logIndex))
    .limit(limit);
}

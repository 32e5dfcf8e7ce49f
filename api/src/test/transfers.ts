import { randomUUID } from 'node:crypto';
import type { TTransferStatus } from '@dash/shared/contracts';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { quotes, transfers } from '../db/schema';
import { postPending, settle } from '../modules/transfers/ledger';
import { transitionPath } from '../modules/transfers/state';

/**
 * A transfer written as the service writes one (pending ledger lines), then moved along the
 * allowed transitions to `status` with the ledger settled at each step.
 */
export async function writeTransfer(
  db: Database,
  organizationUid: string,
  providerUid: string,
  options: {
    type: 'on_ramp' | 'off_ramp' | 'deposit';
    status: TTransferStatus;
    amount: string;
    fee?: string;
    walletUid?: string;
    /** An off-ramp paid from the Safe at this address. */
    fromSafe?: string;
    /** The quote's network and stablecoin (default polygon-amoy and testbrz). */
    network?: 'polygon-amoy' | 'arbitrum-sepolia';
    symbol?: string;
    createdBy?: string;
    daysAgo?: number;
  },
) {
  const fee = options.fee ?? '1.5';
  const onRamp = options.type !== 'off_ramp';
  const amounts = {
    network: options.network ?? 'polygon-amoy',
    fiatCurrency: 'BRL',
    sourceCurrency: onRamp ? 'BRL' : (options.symbol ?? 'testbrz'),
    sourceAmount: options.amount,
    targetCurrency: onRamp ? (options.symbol ?? 'testbrz') : 'BRL',
    targetAmount: new Decimal(options.amount).sub(fee).toFixed(),
    rate: '1',
    fee,
    feeCurrency: 'BRL',
  };
  const createdAt = new Date(Date.now() - (options.daysAgo ?? 0) * 86_400_000);
  const [quote] = await db
    .insert(quotes)
    .values({
      organizationUid,
      providerUid,
      type: onRamp ? 'on_ramp' : 'off_ramp',
      externalId: `quo_${randomUUID()}`,
      expiresAt: new Date(),
      ...amounts,
    })
    .returning();
  const first = options.status === 'awaiting_approval' ? 'awaiting_approval' : 'awaiting_funds';
  const [created] = await db
    .insert(transfers)
    .values({
      organizationUid,
      providerUid,
      quoteUid: quote?.uid ?? '',
      type: options.type,
      status: first,
      approvalRequired: first === 'awaiting_approval',
      createdAt,
      updatedAt: createdAt,
      ...(options.walletUid ? { walletUid: options.walletUid, walletName: 'W', walletAddress: '0x' } : {}),
      ...(options.fromSafe ? { safeAddress: options.fromSafe } : {}),
      ...(options.createdBy ? { createdBy: options.createdBy } : {}),
      ...amounts,
    })
    .returning();
  if (!created) throw new Error('transfer not written');
  await postPending(db, created);
  let current = created;
  for (const next of transitionPath(first, options.status) ?? []) {
    await settle(db, current, current.status, next);
    const [moved] = await db
      .update(transfers)
      .set({ status: next })
      .where(eq(transfers.uid, created.uid))
      .returning();
    if (!moved) throw new Error('transfer vanished');
    current = moved;
  }
  return current;
}

/**
 * The running balances (ledger_balances, kept by the triggers on ledger_entries) against the lines
 * themselves: per account, fiat rail and wallet, the posted and pending sums and the count of lines
 * that count, of one organization or all. Rows where they differ, and balance rows left without
 * lines that are not zero.
 */
export async function balanceMismatches(db: Database, organizationUid?: string) {
  const ofOrganization = organizationUid ? sql`and organization_uid = ${organizationUid}` : sql``;
  const result = (await db.execute(sql`
    with actual as (
      select account_uid, fiat_currency, wallet_uid,
        coalesce(sum(amount) filter (where status = 'posted'), 0) as posted,
        coalesce(sum(amount) filter (where status = 'pending'), 0) as pending,
        count(*) as lines
      from ledger_entries
      where status <> 'archived' ${ofOrganization}
      group by account_uid, fiat_currency, wallet_uid
    ), kept as (
      select account_uid, fiat_currency, wallet_uid, posted, pending, lines
      from ledger_balances where true ${ofOrganization}
    )
    select actual.*, kept.posted as kept_posted, kept.pending as kept_pending, kept.lines as kept_lines
    from actual full join kept
      on kept.account_uid = actual.account_uid and kept.fiat_currency is not distinct from actual.fiat_currency
        and kept.wallet_uid is not distinct from actual.wallet_uid
    where coalesce(actual.posted, 0) <> coalesce(kept.posted, 0)
      or coalesce(actual.pending, 0) <> coalesce(kept.pending, 0)
      or coalesce(actual.lines, 0) <> coalesce(kept.lines, 0)`)) as unknown as { rows: unknown[] };
  return result.rows;
}

/**
 * The completed volume the database keeps (transfer_volumes) against the transfers themselves, of
 * one organization or all: per UTC day of creation, type and fiat rail, the fiat-side amount and
 * count of completed transfers. Rows where they differ.
 */
export async function volumeMismatches(db: Database, organizationUid?: string) {
  const ofOrganization = organizationUid ? sql`and organization_uid = ${organizationUid}` : sql``;
  const result = (await db.execute(sql`
    with actual as (
      select organization_uid, (created_at at time zone 'UTC')::date as day, type, fiat_currency,
        sum(case when type = 'off_ramp' then target_amount else source_amount end) as amount, count(*) as count
      from transfers
      where status = 'completed' ${ofOrganization}
      group by organization_uid, (created_at at time zone 'UTC')::date, type, fiat_currency
    ), kept as (
      select organization_uid, day, type, fiat_currency, amount, count
      from transfer_volumes where true ${ofOrganization}
    )
    select actual.*, kept.amount as kept_amount, kept.count as kept_count
    from actual full join kept using (organization_uid, day, type, fiat_currency)
    where coalesce(actual.amount, 0) <> coalesce(kept.amount, 0)
      or coalesce(actual.count, 0) <> coalesce(kept.count, 0)`)) as unknown as { rows: unknown[] };
  return result.rows;
}

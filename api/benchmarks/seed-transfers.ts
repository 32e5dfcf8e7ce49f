import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * One organization's history for the benchmarks, made in SQL (a second a 100,000): `count` quotes and
 * transfers with Transfero, one a minute back from now, two on-ramps (fiat -> stablecoin) to one
 * off-ramp (stablecoin -> fiat), every fifth in MXN (USDC) and the rest in BRL (testbrz), their
 * statuses cycling through every state; with `ledger`, each transfer's wallets and bank lines as the
 * service posts them (pending, posted when completed, archived when it failed or went back). Ends
 * with VACUUM ANALYZE, as autovacuum would on a live database.
 */
export async function seedBenchmarkTransfers(
  db: Database,
  {
    organizationUid,
    userUid,
    count,
    ledger = false,
  }: {
    organizationUid: string;
    userUid: string;
    count: number;
    ledger?: boolean;
  },
): Promise<void> {
  await db.execute(sql`
    with provider as (select uid from providers where name = 'Transfero' limit 1),
    series as (
      select i, case when i % 3 = 0 then 'off_ramp' else 'on_ramp' end as type,
        case when i % 5 = 0 then 'MXN' else 'BRL' end as fiat,
        case when i % 5 = 0 then 'USDC' else 'testbrz' end as token
      from generate_series(1, ${count}) as i
    ),
    q as (
      insert into quotes (organization_uid, provider_uid, type, network, fiat_currency, source_currency,
        source_amount, target_currency, target_amount, rate, fee, fee_currency, external_id, expires_at, created_at)
      select ${organizationUid}::uuid, provider.uid, type, 'polygon-amoy', fiat,
        case when type = 'off_ramp' then token else fiat end, (100 + i % 9000)::numeric,
        case when type = 'off_ramp' then fiat else token end, (98 + i % 9000)::numeric, 1, 2, fiat,
        'quo_bench_' || i, now(), now() - (i || ' minutes')::interval
      from series, provider
      returning uid, organization_uid, provider_uid, type, network, fiat_currency, source_currency, source_amount,
        target_currency, target_amount, rate, fee, fee_currency, created_at
    )
    insert into transfers (organization_uid, provider_uid, quote_uid, type, status, network, fiat_currency,
      source_currency, source_amount, target_currency, target_amount, rate, fee, fee_currency, created_by,
      created_at, updated_at, external_id)
    select organization_uid, provider_uid, uid, type,
      (array['awaiting_funds','funds_received','payment_submitted','completed','failed','returned','canceled'])[1 + (extract(epoch from created_at)::bigint / 60) % 7],
      network, fiat_currency, source_currency, source_amount, target_currency, target_amount, rate, fee, fee_currency,
      ${userUid}::uuid, created_at, created_at, 'trf_bench'
    from q`);
  if (ledger) {
    await db.execute(sql`
      insert into ledger_accounts (organization_uid, kind, currency)
      values (${organizationUid}, 'wallets', 'testbrz'), (${organizationUid}, 'wallets', 'USDC'),
        (${organizationUid}, 'bank', 'BRL'), (${organizationUid}, 'bank', 'MXN')
      on conflict do nothing`);
    // The stablecoin side on the wallets account, the fiat side on the bank account.
    await db.execute(sql`
      insert into ledger_entries (organization_uid, account_uid, transfer_uid, posting, currency, amount, status,
        fiat_currency, wallet_uid)
      select t.organization_uid, a.uid, t.uid, 'transfer', a.currency,
        case when a.kind = 'wallets' then (case when t.type = 'off_ramp' then -t.source_amount else t.target_amount end)
             else (case when t.type = 'off_ramp' then t.target_amount else -t.source_amount end) end,
        case when t.status = 'completed' then 'posted'
             when t.status in ('failed', 'returned', 'canceled') then 'archived' else 'pending' end,
        t.fiat_currency, t.wallet_uid
      from transfers t join ledger_accounts a on a.organization_uid = t.organization_uid
        and ((a.kind = 'wallets' and a.currency in (t.source_currency, t.target_currency) and a.currency <> t.fiat_currency)
          or (a.kind = 'bank' and a.currency = t.fiat_currency))
      where t.organization_uid = ${organizationUid}`);
  }
  await db.execute(sql`vacuum analyze`);
}

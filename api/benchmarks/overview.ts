/**
 * The overview's queries on PostgreSQL with one organization of 100,000 transfers and their ledger
 * lines (issue 14): prints EXPLAIN ANALYZE of every statement GET organizations/{uid}/overview runs,
 * then the time of 20 sequential reads of it.
 *
 *   cd api && npx tsx benchmarks/overview.ts [transfers=100000]
 *
 * Starts a throwaway PostgreSQL (initdb on PATH) and the service in this process.
 */
import type { TOrganization, TUser } from '@dash/shared/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startThrowawayPostgres } from '../../shell/scripts/throwaway-postgres.mjs';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { DEMO_USER, seed } from '../src/db/seed';
import { seedProviderCatalogue } from '../src/db/seed-providers';
import { createOverviewService } from '../src/modules/overview/service';

const [count = 100_000] = process.argv.slice(2).map(Number);
const server = await startThrowawayPostgres();
if (!server) throw new Error('No PostgreSQL (initdb) found');
const config = loadConfig({ DATABASE_URL: server.url, LOG_LEVEL: 'silent', NODE_ENV: 'development' });
const database = await createDatabase(config);
if (database.kind !== 'postgres') throw new Error('PostgreSQL expected');
try {
  await migrate(database);
  const { organizationUid, userUid } = await seed(database.db);
  await seedProviderCatalogue(database.db);
  const started = performance.now();
  await database.db.execute(sql`
    with provider as (select uid from providers where name = 'Transfero' limit 1),
    q as (
      insert into quotes (organization_uid, provider_uid, type, network, fiat_currency, source_currency,
        source_amount, target_currency, target_amount, rate, fee, fee_currency, external_id, expires_at, created_at)
      select ${organizationUid}::uuid, provider.uid, case when i % 3 = 0 then 'off_ramp' else 'on_ramp' end,
        'polygon-amoy', 'BRL', case when i % 3 = 0 then 'testbrz' else 'BRL' end, (100 + i % 9000)::numeric,
        case when i % 3 = 0 then 'BRL' else 'testbrz' end, (98 + i % 9000)::numeric, 1, 2, 'BRL',
        'quo_bench_' || i, now(), now() - (i || ' minutes')::interval
      from generate_series(1, ${count}) as i, provider
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
  // The ledger as the service posts it (the wallets, bank and exchange sides of each transfer).
  await database.db.execute(sql`
    insert into ledger_accounts (organization_uid, kind, currency)
    values (${organizationUid}, 'wallets', 'testbrz'), (${organizationUid}, 'bank', 'BRL'),
      (${organizationUid}, 'provider_exchange', 'BRL')
    on conflict do nothing`);
  await database.db.execute(sql`
    insert into ledger_entries (organization_uid, account_uid, transfer_uid, posting, currency, amount, status)
    select t.organization_uid, a.uid, t.uid, 'transfer', a.currency,
      case when a.kind = 'wallets' then (case when t.type = 'off_ramp' then -t.source_amount else t.target_amount end)
           when a.kind = 'bank' then (case when t.type = 'off_ramp' then t.target_amount else -t.source_amount end)
           else 0 end,
      case when t.status = 'completed' then 'posted'
           when t.status in ('failed', 'returned', 'canceled') then 'archived' else 'pending' end
    from transfers t join ledger_accounts a on a.organization_uid = t.organization_uid
    where t.organization_uid = ${organizationUid}`);
  await database.db.execute(sql`vacuum analyze`);
  console.log(
    `Seeded ${count} transfers and their ledger lines in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const organization: TOrganization = {
    uid: organizationUid,
    name: 'Acme Treasury',
    slug: 'acme-treasury',
    avatar: null,
    role: 'Admin',
    approvalStatus: 'Approved',
    createdAt: new Date().toISOString(),
  };
  const user = { uid: userUid, email: DEMO_USER.email } as TUser;
  const overview = createOverviewService({ db: database.db });

  // Every statement of one read, captured from the connections (the read runs in one transaction),
  // then explained on its own.
  const captured: { text: string; values: unknown[] }[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  prototype.query = function capture(this: unknown, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof first === 'string' ? first : first.text;
    const values = second ?? (typeof first === 'string' ? [] : (first.values ?? []));
    if (/^\s*select/i.test(text)) captured.push({ text, values });
    return query.apply(this, args);
  };
  await overview.get({ user, organization });
  prototype.query = query;
  const { pool } = database;
  for (const statement of captured) {
    const result = await pool.query(`explain (analyze, buffers off) ${statement.text}`, statement.values);
    console.log(`\n${statement.text.slice(0, 160)}…`);
    console.log(result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
  }

  const timings: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const t = performance.now();
    await overview.get({ user, organization });
    timings.push(performance.now() - t);
  }
  timings.sort((a, b) => a - b);
  console.log(
    `\nOverview of ${count} transfers: median ${timings[10]?.toFixed(1)} ms, max ${timings.at(-1)?.toFixed(1)} ms (20 sequential reads)`,
  );
} finally {
  await database.close();
  await server.stop();
}

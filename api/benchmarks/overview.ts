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
import pg from 'pg';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres.mjs';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { DEMO_USER, seed } from '../src/db/seed';
import { seedProviderCatalogue } from '../src/db/seed-providers';
import { createOverviewService } from '../src/modules/overview/service';
import { seedBenchmarkTransfers } from './seed-transfers';

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
  await seedBenchmarkTransfers(database.db, { organizationUid, userUid, count, ledger: true });
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

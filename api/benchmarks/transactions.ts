/**
 * Benchmark of the transactions list and CSV export (issue 11): one organization with 100,000
 * transfers; GET rails/transactions at a fixed arrival rate (open loop; random pages 1..50, sizes
 * 10/25/100, with and without filters) for p50/p95/p99, three times: every request reaching the
 * database (read cache off); sessions, memberships and counts cached but every page read from the
 * database (what a page costs when nobody asked for it since the organization's last write); and as
 * main.ts runs the API (read cache on, emptied by every write); then the CSV
 * export of all of them (time; the process's RSS and heap at the start, peak and end).
 *
 *   cd api && npx tsx benchmarks/transactions.ts [rate=1000] [seconds=10] [transfers=100000] [--pglite]
 *
 * PostgreSQL by default (a throwaway server: initdb on PATH); --pglite runs on the embedded PGlite
 * (in memory). BENCH_DATABASE_URL runs on a PostgreSQL database you keep (migrated, and seeded only
 * while the demo organization has fewer transfers than asked), so repeated runs skip the seeding.
 * The API runs in this process, the load comes from a worker thread (./open-loop.mjs, 600 request
 * paths used in turn, 2 s of warm-up at the rate before the 10 s measured); generator, API and
 * database share the machine's cores; each run also prints what one answer costs them, by who spends it
 * (the API, PostgreSQL's processes when they run here, the generator), and the rate those cores allow.
 * BENCH_EXPLAIN=1 also prints the plans of the list's queries and a sequential latency;
 * BENCH_DIRECT_RATE sets another rate for the read-cache-off run; BENCH_ONLY=direct|pages|cached runs one;
 * BENCH_WRITES=N runs the read-cache-on load once more with N writes a second beside it, in the
 * organization read (each empties its cached reads, as in production), then again with the writes
 * in another organization of the same user (which leave the read organization's cached reads be).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres.mjs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, openPglite } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { seedProviderCatalogue } from '../src/db/seed-providers';
import { openLoopInWorker, percentile } from './open-loop.mjs';
import { seedBenchmarkTransfers } from './seed-transfers';
import { signInDemo } from './sign-in';

const args = process.argv.slice(2);
const usePglite = args.includes('--pglite');
// BENCH_ONLY: one of the three runs (all of them when unset).
const only = process.env.BENCH_ONLY;
if (only && !['direct', 'pages', 'cached'].includes(only))
  throw new Error(`BENCH_ONLY must be direct, pages or cached, not ${only}`);
const runs = (name: 'direct' | 'pages' | 'cached') => !only || only === name;
const [rate = 1000, seconds = 10, count = 100_000] = args.filter((arg) => !arg.startsWith('--')).map(Number);
const keptUrl = usePglite ? undefined : process.env.BENCH_DATABASE_URL;
const pg = usePglite || keptUrl ? null : await startThrowawayPostgres();
if (!usePglite && !keptUrl && !pg) throw new Error('No PostgreSQL (initdb) found');
const databaseUrl = keptUrl ?? pg?.url;
const config = loadConfig({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  LOG_LEVEL: 'silent',
  NODE_ENV: 'development',
  INBOUND_SMTP_PORT: '0',
  // A database kept between runs (BENCH_DATABASE_URL) remembers each run's sign-in mail.
  AUTH_RATE_LIMIT_PER_EMAIL: '1000',
});
const database = databaseUrl ? await createDatabase(config) : await openPglite();
console.log(`Database: ${database.kind}`);
try {
  await migrate(database);
  const { organizationUid, userUid } = await seed(database.db);
  await seedProviderCatalogue(database.db);
  const [held] = (
    (await database.db.execute(
      sql`select count(*)::int as n from transfers where organization_uid = ${organizationUid}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  if ((held?.n ?? 0) < count) {
    const started = performance.now();
    await seedBenchmarkTransfers(database.db, { organizationUid, userUid, count });
    console.log(`Seeded ${count} transfers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else console.log(`The organization already has ${held?.n} transfers: not seeded again`);
  // A live database's autovacuum visits a table soon after a bulk insert (PostgreSQL 13+ counts
  // inserts too); a benchmark that reads right after seeding would otherwise measure index-only
  // scans that fetch every heap row (no visibility map yet) and plans without statistics.
  const vacuumStart = performance.now();
  await database.db.execute(sql`vacuum analyze transfers`);
  console.log(`VACUUM ANALYZE transfers: ${((performance.now() - vacuumStart) / 1000).toFixed(1)} s`);

  // Every request reaching the database, then the API as main.ts runs it (read cache on).
  const direct = await buildApp({ config, db: database.db, cacheReads: false });
  const cached = await buildApp({ config, db: database.db, cacheReads: true });
  // Between the two: sessions, memberships and counts kept, every page read from the database (a
  // page nobody asked for since the organization's last write).
  const pages = await buildApp({ config, db: database.db, cacheReads: true, cacheAnswers: false });
  const baseOf = async (app: typeof direct) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v0`;
  };
  const base = await baseOf(direct);
  const cachedBase = await baseOf(cached);
  const pagesBase = await baseOf(pages);
  const app = direct;
  const cookie = await signInDemo(app);
  const headers = { cookie, 'x-organization-uid': organizationUid };

  const filters = [
    '',
    '&status=completed',
    '&type=on_ramp',
    '&currency=MXN',
    '&status=failed&currency=BRL',
    '&from=2026-01-01&to=2026-12-31',
  ];
  for (const target of [base, cachedBase, pagesBase]) {
    const probe = await fetch(`${target}/rails/transactions?page=1&size=100`, { headers });
    if (probe.status !== 200)
      throw new Error(`GET rails/transactions answered ${probe.status}: ${await probe.text()}`);
  }

  if (process.env.BENCH_EXPLAIN === '1') {
    const page = (where: ReturnType<typeof sql>, offset: number) =>
      sql`explain analyze select t.*, p.name, c.email, a.email from transfers t join providers p on p.uid = t.provider_uid left join users c on c.uid = t.created_by left join users a on a.uid = t.approved_by where t.uid = any(array(select uid from transfers where organization_uid = ${organizationUid} ${where} order by created_at desc, uid desc limit 100 offset ${offset})) order by t.created_at desc, t.uid desc`;
    for (const query of [
      page(sql``, 4900),
      page(sql`and status = 'failed'`, 1000),
      page(sql`and status = 'failed' and fiat_currency = 'BRL'`, 1000),
      sql`explain analyze select count(*) from (select 1 from transfers where organization_uid = ${organizationUid} order by created_at desc limit 10001) capped`,
    ]) {
      const result = await database.db.execute(query);
      console.log(
        (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n'),
      );
    }
    for (const [label, target] of [
      ['read cache off', base],
      ['read cache on, first time', cachedBase],
      ['read cache on, again', cachedBase],
    ] as const) {
      const t = performance.now();
      for (let i = 0; i < 50; i += 1)
        await fetch(`${target}/rails/transactions?page=${i + 1}&size=100${filters[i % filters.length]}`, {
          headers,
        }).then((r) => r.arrayBuffer());
      console.log(`50 sequential requests (${label}): ${((performance.now() - t) / 50).toFixed(1)} ms each`);
    }
  }

  // PostgreSQL's CPU time, ms: every `postgres` process of this machine (/proc; null elsewhere, or
  // on a database this machine does not run: BENCH_DATABASE_URL on another host, --pglite).
  const cores = availableParallelism();
  const ticksPerSecond = (() => {
    try {
      return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      return 100;
    }
  })();
  const localDatabase =
    !usePglite && ['127.0.0.1', 'localhost', '::1', ''].includes(new URL(databaseUrl ?? 'x:').hostname);
  function postgresCpuMs(): number | null {
    if (!localDatabase || !existsSync('/proc/self/stat')) return null;
    let ticks = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const open = stat.indexOf('(');
        const close = stat.lastIndexOf(')');
        if (stat.slice(open + 1, close) !== 'postgres') continue;
        // Fields after the name: state is 3rd overall; utime and stime are the 14th and 15th.
        const fields = stat.slice(close + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // A process that ended meanwhile.
      }
    }
    return (ticks * 1000) / ticksPerSecond;
  }

  // The load comes from a worker thread (./open-loop.mjs), so its event loop is not the API's.
  // Writes elsewhere: another organization of the same user (created once; kept with the database).
  const otherSlug = 'bench-other-treasury';
  const mine = (await (await fetch(`${base}/me/organizations`, { headers: { cookie } })).json()) as {
    data: { uid: string; slug: string }[];
  };
  let otherUid = mine.data.find((organization) => organization.slug === otherSlug)?.uid;
  if (!otherUid) {
    const created = await fetch(`${base}/organization`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Other Treasury', slug: otherSlug }),
    });
    if (created.status !== 201) throw new Error(`POST organization answered ${created.status}`);
    otherUid = ((await created.json()) as { data: { uid: string } }).data.uid;
  }
  /** One write: the approval threshold of the read organization, or the other organization's name. */
  const writeIn = (where: 'same' | 'other', n: number) =>
    where === 'same'
      ? {
          path: '/rails/settings',
          method: 'PUT',
          headers,
          body: { offRampApprovalThreshold: n % 2 === 0 ? '5000' : '6000' },
        }
      : {
          path: '/organization',
          method: 'PATCH',
          headers: { cookie, 'x-organization-uid': otherUid },
          body: { name: n % 2 === 0 ? 'Other Treasury' : 'Other Treasury 2' },
        };

  async function load(
    label: string,
    target: string,
    rate: number,
    writesPerSecond = 0,
    where: 'same' | 'other' = 'same',
  ) {
    const paths = Array.from({ length: 600 }, (_, i) => {
      const page = 1 + Math.floor(Math.random() * 50);
      const size = [10, 25, 100][i % 3];
      return `${new URL(target).pathname}/rails/transactions?page=${page}&size=${size}${filters[i % filters.length]}`;
    });
    const port = Number(new URL(target).port);
    const run = (duration: number) => openLoopInWorker({ port, rate, seconds: duration, headers, paths });
    // 2 s at the same rate first, not recorded: connection pools and the JIT warm up (as reads.mjs).
    await run(2);
    // Writes beside the reads, through the API, alternating between two values (writeIn).
    let writing = writesPerSecond > 0;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        const write = writeIn(where, writes);
        const response = await fetch(`${target}${write.path}`, {
          method: write.method,
          headers: { ...write.headers, 'content-type': 'application/json' },
          body: JSON.stringify(write.body),
        });
        await response.arrayBuffer();
        if (response.status !== 200)
          throw new Error(`${write.method} ${write.path} answered ${response.status}`);
        writes += 1;
        await new Promise((resolve) => setTimeout(resolve, 1000 / writesPerSecond));
      }
    })();
    const cpuBefore = process.cpuUsage();
    const databaseBefore = postgresCpuMs();
    const { latencies, elapsed, failures, kinds, busyMs } = await run(seconds);
    const processMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuBefore));
    const databaseAfter = postgresCpuMs();
    writing = false;
    await writer;
    const shown = writesPerSecond > 0 ? `${label}, ${(writes / elapsed).toFixed(1)} writes a second` : label;
    const at = (p: number) => percentile(latencies, p)?.toFixed(1);
    const kindList = Object.entries(kinds);
    console.log(
      `GET rails/transactions, ${shown}: ${latencies.length} answers in ${elapsed.toFixed(1)} s (${(latencies.length / elapsed).toFixed(0)} req/s, offered ${rate}), errors ${failures}${kindList.length > 0 ? ` (${kindList.map(([kind, n]) => `${kind}: ${n}`).join(', ')})` : ''}; p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
    );
    // What one answer costs the machine's cores, by who spends it: the API (this process less the
    // generator's thread; with --pglite the database too), PostgreSQL's processes, the generator.
    if (latencies.length > 0) {
      const per = (ms: number) => (ms / latencies.length).toFixed(2);
      const apiMs = processMs - busyMs;
      const databaseMs =
        databaseBefore !== null && databaseAfter !== null ? databaseAfter - databaseBefore : null;
      const serverMs = apiMs + (databaseMs ?? 0);
      console.log(
        `  CPU per answer: API${usePglite ? ' with PGlite' : ''} ${per(apiMs)} ms${databaseMs === null ? '' : `, PostgreSQL ${per(databaseMs)} ms`}, load generator ${per(busyMs)} ms; at that cost one API process's thread serves at most ${Math.floor(1000 / (apiMs / latencies.length))} req/s, and ${cores} cores shared by API, database and generator at most ${Math.floor((cores * 1000) / ((serverMs + busyMs) / latencies.length))} req/s`,
      );
    }
  }
  // BENCH_DIRECT_RATE: another rate for the read-cache-off run (default: the same).
  const directRate = Number(process.env.BENCH_DIRECT_RATE ?? rate);
  if (runs('direct')) await load('read cache off (every request on the database)', base, directRate);
  if (runs('pages'))
    await load('access reads and counts cached, every page from the database', pagesBase, rate);
  if (runs('cached')) await load('read cache on (as main.ts runs)', cachedBase, rate);
  // BENCH_WRITES=N: the read-cache-on run again with N writes a second in the organization.
  const writesPerSecond = Number(process.env.BENCH_WRITES ?? 0);
  if (writesPerSecond > 0 && runs('cached')) {
    await load('read cache on, with writes in the organization', cachedBase, rate, writesPerSecond);
    await load(
      'read cache on, with writes in another organization',
      cachedBase,
      rate,
      writesPerSecond,
      'other',
    );
  }

  // The export: this process's memory (the API's and the reader's) sampled every 20 ms.
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const csvStart = performance.now();
  const csv = await fetch(`${base}/organizations/${organizationUid}/transactions/export.csv`, {
    headers: { cookie },
  });
  let bytes = 0;
  let lines = 0;
  const reader = csv.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    bytes += chunk.value.length;
    for (const byte of chunk.value) if (byte === 10) lines += 1;
  }
  const csvSeconds = (performance.now() - csvStart) / 1000;
  clearInterval(sampler);
  const after = process.memoryUsage();
  console.log(
    `CSV export: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${csvSeconds.toFixed(2)} s; RSS start ${mb(before.rss)}, peak ${mb(peakRss)}, end ${mb(after.rss)}; heap used start ${mb(before.heapUsed)}, peak ${mb(peakHeap)}, end ${mb(after.heapUsed)}`,
  );
  await direct.close();
  await cached.close();
  await pages.close();
} finally {
  await database.close();
  await pg?.stop();
}

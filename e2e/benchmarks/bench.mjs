#!/usr/bin/env node
// `pnpm bench`: builds what it needs, measures, and prints ONE table of figures (no pass/fail):
//  - production build time (shell, remotes and API), and the monolith build's;
//  - compressed JS (brotli, as sent) of the signed-in messages page requested before its largest
//    paint (on the phone profile of the LCP rows, and at a desktop width unthrottled) and in all,
//    federated and monolith (MONOLITH=1: the same pages without federation), and their ratios;
//  - what each remote adds when its area is first opened;
//  - LCP of /org/acme-treasury/messages on the throttled mobile profile: median of N cold loads and
//    of N repeat visits (assets cached), federated and monolith, and their ratio;
//  - Lighthouse (mobile preset) performance score, LCP and total blocking time on that page: the
//    median of N runs with their range (one run's TBT swung from about 250 to 2,100 ms on the
//    machines of 2026-11, with whatever else ran; Lighthouse's own guidance is the median of 5); and,
//    from each run's trace, how much of its long tasks' time the main thread was on the CPU, and
//    the blocking time of those tasks' CPU time alone (main-thread.mjs);
//  - Interaction to Next Paint at 4x CPU of the Safe's interactions (confirm with the signing
//    device, open a queued transaction, switch the off-ramp's "Paid from"; wallet-inp.mjs) and of
//    the ones people repeat (open a conversation, send a reply, switch organization, filter and page
//    the transactions, open a transaction; app-inp.mjs): the median and the worst of N runs each,
//    federated;
//  - API reads at 2,000 req/s (p50 / p99) on embedded PGlite and on PostgreSQL;
//  - the machine: its CPU model and cores, the load average at the start, the browser's version,
//    and Lighthouse's benchmarkIndex of each run (its measure of the CPU's speed), so a figure from
//    another machine can be compared.
//
//   pnpm bench [--skip-build] [--runs 5] [--lighthouse-runs 5] [--inp-runs 5] [--api-seconds 5] [--no-api] [--no-lighthouse] [--no-inp]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';
import { APP_INTERACTIONS, appInp } from './app-inp.mjs';
import { inpText } from './inp.mjs';
import { mainThreadAfterPaint } from './main-thread.mjs';
import {
  distsOf,
  kib,
  loadAndSettle,
  median,
  MESSAGES_PAGE as PAGE,
  pageScriptBytes,
  remoteAddedBytes,
  throttle,
} from './page-metrics.mjs';
import { launchBrowser, ROOT, signedInContext, startDashboard } from './stack.mjs';
import { walletInp } from './wallet-inp.mjs';

const argv = process.argv.slice(2);
const USAGE = `pnpm bench [--skip-build] [--runs 5] [--lighthouse-runs 5] [--inp-runs 5] [--api-seconds 5] [--no-api] [--no-lighthouse] [--no-inp]

  --skip-build       measure the builds already there (pnpm run build, and the monolith build:
                     ${'`'}MONOLITH=1 pnpm --filter shell exec rsbuild build${'`'})
  --runs N           LCP loads per variant, cold and repeat (default 5)
  --lighthouse-runs  Lighthouse runs (default 5)
  --inp-runs N       runs of each interaction whose INP is measured (default 5)
  --api-seconds N    seconds of each API read benchmark (default 5)
  --no-api           no API read benchmarks
  --no-lighthouse    no Lighthouse runs
  --no-inp           no INP rows (the Safe's interactions and the ones people repeat)
  BENCH_PORT         the stack's first port (default 4700)`;
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const option = (name, fallback) =>
  argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback;
const runs = option('runs', 5);
const lighthouseRuns = option('lighthouse-runs', 5);
const inpRuns = option('inp-runs', 5);
const apiSeconds = option('api-seconds', 5);
const port = Number(process.env.BENCH_PORT ?? 4700);
const pnpm = join(ROOT, 'node_modules/.bin/pnpm');

function timed(label, command, args, env = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${label} failed`);
  return (performance.now() - started) / 1000;
}

const rows = [];
const row = (group, measure, value) => rows.push([group, measure, value]);

/**
 * With --skip-build, the builds it would have made must be there: without the monolith build the
 * dashboard it starts on shell/dist-monolith failed with an API start-up error, which did not say
 * what was missing. Each missing build is named with the command that makes it.
 */
function missingBuilds() {
  const builds = [
    {
      files: [
        'api/dist/main.js',
        'shell/dist/index.html',
        ...['messages', 'wallet', 'rails', 'settings'].map((area) => `remote-${area}/dist/mf-manifest.json`),
      ],
      what: 'The production build (API, shell and remotes)',
      command: 'pnpm run build',
    },
    {
      files: ['shell/dist-monolith/index.html'],
      what: 'The monolith build',
      command: 'MONOLITH=1 pnpm --filter shell exec rsbuild build',
    },
  ];
  return builds
    .map((build) => ({ ...build, absent: build.files.filter((file) => !existsSync(join(ROOT, file))) }))
    .filter((build) => build.absent.length > 0)
    .map(
      (build) =>
        `${build.what} is missing (no ${build.absent.join(', ')}): build it with \`${build.command}\`.`,
    );
}

if (argv.includes('--skip-build')) {
  const missing = missingBuilds();
  if (missing.length > 0) {
    console.error(`${missing.join('\n')}\nOr run pnpm bench without --skip-build, which builds both.`);
    process.exit(1);
  }
}

const cpu = cpus();
row('machine', 'CPU', `${cpu[0]?.model.trim() ?? 'unknown'}, ${cpu.length} cores`);
row(
  'machine',
  'load average at the start (1 / 5 / 15 min)',
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' / '),
);

if (!argv.includes('--skip-build')) {
  console.error('Building the shell, the four remotes and the API (production)…');
  const seconds = timed('build', pnpm, ['run', 'build']);
  row('build', 'production build (shell, 4 remotes, API)', `${seconds.toFixed(1)} s`);
  console.error('Building the monolith shell (MONOLITH=1)…');
  const monolithSeconds = timed('monolith build', pnpm, ['--filter', 'shell', 'exec', 'rsbuild', 'build'], {
    MONOLITH: '1',
  });
  row('build', 'monolith build (shell with the remotes inside)', `${monolithSeconds.toFixed(1)} s`);
}

const browser = await launchBrowser();
// The browser's version moves the figures as much as the machine does: see decision 0013.
row('machine', 'browser', `Chromium ${browser.version()}`);

/** Median LCP over `runs` loads on the throttled profile: each in a fresh context (cold) or reloads of a warmed one (repeat). */
async function lcpMedians(base) {
  const cold = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await signedInContext(browser, base);
    const page = await context.newPage();
    await throttle(context, page);
    cold.push((await loadAndSettle(page, `${base}${PAGE}`)).lcp);
    await context.close();
  }
  const repeat = [];
  const context = await signedInContext(browser, base);
  const warm = await context.newPage();
  await loadAndSettle(warm, `${base}${PAGE}`);
  await warm.close();
  for (let run = 0; run < runs; run += 1) {
    const page = await context.newPage();
    await throttle(context, page, { cache: true });
    repeat.push((await loadAndSettle(page, `${base}${PAGE}`)).lcp);
    await page.close();
  }
  await context.close();
  return { cold: median(cold), repeat: median(repeat) };
}

/** Lighthouse's mobile preset on the signed-in page, in its own Chromium. */
async function lighthouseRun(base) {
  const { default: lighthouse } = await import('lighthouse');
  const context = await signedInContext(browser, base);
  const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
  await context.close();
  const debugPort = port + 90;
  const profile = mkdtempSync(join(tmpdir(), 'dash-lighthouse-'));
  const chrome = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      `--remote-debugging-port=${debugPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group: Chromium's helper processes are stopped with it.
    { stdio: 'ignore', detached: true },
  );
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const up = await fetch(`http://127.0.0.1:${debugPort}/json/version`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const result = await lighthouse(`${base}${PAGE}`, {
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: cookie },
    });
    const { lhr } = result;
    const lcpAudit = lhr.audits['largest-contentful-paint'];
    if (lhr.runtimeError || lcpAudit.numericValue === undefined) {
      throw new Error(
        `Lighthouse measured nothing: ${lhr.runtimeError?.message ?? lcpAudit.errorMessage ?? lcpAudit.explanation ?? 'no LCP'}`,
      );
    }
    const main = mainThreadAfterPaint(result.artifacts.Trace?.traceEvents ?? []);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lcpAudit.numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      ...(main && main.elapsedMs > 0
        ? { onCpu: (100 * main.cpuMs) / main.elapsedMs, blockingFromCpu: main.blockingFromCpuMs }
        : {}),
    };
  } finally {
    // The whole group (the browser and its helpers), then its profile once they have exited: a
    // helper still writing into it made removing it fail, and the whole benchmark with it.
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    try {
      process.kill(-chrome.pid, 'SIGKILL');
    } catch {
      chrome.kill('SIGKILL');
    }
    if (chrome.exitCode === null && chrome.signalCode === null) await exited;
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.error(`Could not remove Lighthouse's browser profile ${profile}: ${error.message}`);
    }
  }
}

const figures = {};
for (const variant of ['federated', 'monolith']) {
  const shellDist = variant === 'monolith' ? 'shell/dist-monolith' : 'shell/dist';
  console.error(`Measuring the ${variant} build…`);
  const dashboard = await startDashboard(port, {
    label: `bench-${variant}`,
    env: { WEB_DIST_DIR: join(ROOT, shellDist) },
  });
  try {
    const dists = distsOf(port, shellDist);
    const bytes = await pageScriptBytes(browser, dashboard.base, dists, { phone: true });
    const desktop = await pageScriptBytes(browser, dashboard.base, dists, { phone: false });
    const lcp = await lcpMedians(dashboard.base);
    figures[variant] = { bytes, lcp };
    row(variant, `JS before LCP on ${PAGE} (brotli; phone profile, as the LCP rows)`, kib(bytes.before));
    row(variant, 'JS before LCP at a desktop width, unthrottled (brotli)', kib(desktop.before));
    row(variant, 'JS of the whole page (brotli)', kib(bytes.all));
    row(
      variant,
      `LCP cold, median of ${runs} (mobile: 150 ms RTT, 1.6 Mbps, CPU x4)`,
      `${lcp.cold.toFixed(0)} ms`,
    );
    row(variant, `LCP repeat visit, median of ${runs}`, `${lcp.repeat.toFixed(0)} ms`);
    if (variant === 'federated') {
      for (const { remote, bytes } of await remoteAddedBytes(browser, dashboard.base, port, dists)) {
        row('remotes', `${remote} adds (brotli)`, kib(bytes));
      }
      if (!argv.includes('--no-inp')) {
        console.error('INP of the Safe’s interactions…');
        const inp = await walletInp(browser, dashboard.base, { runs: inpRuns, cpu: 4 });
        const inpRow = (label, figures) =>
          row(
            'INP (CPU x4, target < 100 ms)',
            `${label}: median of ${inpRuns} (worst)`,
            `${inpText(figures.median)} (${inpText(figures.worst)})`,
          );
        for (const [key, label] of [
          ['confirm', 'confirm a queued transaction with the signing device'],
          ['open', 'open a queued transaction from the queue'],
          ['payFrom', 'switch the off-ramp’s “Paid from”'],
        ]) {
          inpRow(label, inp[key]);
        }
        console.error('INP of the interactions people repeat…');
        const app = await appInp(browser, dashboard.base, { runs: inpRuns, cpu: 4 });
        for (const [key, label] of APP_INTERACTIONS) inpRow(label, app[key]);
      }
      if (!argv.includes('--no-lighthouse')) {
        // Lighthouse now and then ends a run without an LCP (its trace missed it): that run is tried
        // once more, and a failure is a row of the table, not the end of the benchmark.
        const results = [];
        let failure = null;
        for (let run = 0; run < lighthouseRuns; run += 1) {
          const lh = await lighthouseRun(dashboard.base)
            .catch(() => lighthouseRun(dashboard.base))
            .catch((error) => ({ error }));
          if (lh.error) failure = lh.error;
          else results.push(lh);
        }
        if (failure)
          row('lighthouse', 'failed runs', `${lighthouseRuns - results.length}: ${failure.message}`);
        if (results.length > 0) {
          const of = (key, unit) => {
            const values = results.map((result) => result[key]).filter((value) => value !== undefined);
            if (values.length === 0) return 'n/a (no thread CPU times in the trace)';
            const range = `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
            return `${median(values).toFixed(0)}${unit} (${range})`;
          };
          const label = `median of ${results.length} (range)`;
          row('lighthouse', `performance score (mobile preset), ${label}`, of('score', ''));
          row('lighthouse', `LCP, ${label}`, of('lcp', ' ms'));
          row('lighthouse', `total blocking time, ${label}`, of('tbt', ' ms'));
          // Lighthouse's own measure of the CPU it ran on: its figures are comparable between
          // machines (or runs) of about the same index.
          row(
            'lighthouse',
            `benchmarkIndex (the CPU's speed to Lighthouse), ${label}`,
            of('benchmarkIndex', ''),
          );
          // From each run's trace (main-thread.mjs): of the elapsed time of the main thread's tasks
          // over 12.5 ms after the first paint, the share it spent on the CPU (the rest it waited for
          // a core or another process), and the blocking time those tasks make from their CPU time
          // alone, x4: the total blocking time of this page on a machine with cores to spare.
          row(
            'lighthouse',
            `main thread on the CPU during its long tasks after FCP, ${label}`,
            of('onCpu', '%'),
          );
          row(
            'lighthouse',
            `total blocking time from those tasks' CPU time (x4), ${label}`,
            of('blockingFromCpu', ' ms'),
          );
        }
      }
    }
  } finally {
    await dashboard.stop();
  }
}
await browser.close();

const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
row(
  'federated / monolith',
  'JS before LCP (phone profile)',
  ratio(figures.federated.bytes.before, figures.monolith.bytes.before),
);
row(
  'federated / monolith',
  'JS of the whole page',
  ratio(figures.federated.bytes.all, figures.monolith.bytes.all),
);
row('federated / monolith', 'LCP cold', ratio(figures.federated.lcp.cold, figures.monolith.lcp.cold));
row('federated / monolith', 'LCP repeat', ratio(figures.federated.lcp.repeat, figures.monolith.lcp.repeat));

if (!argv.includes('--no-api')) {
  for (const database of ['pglite', 'postgres']) {
    console.error(`API reads on ${database}…`);
    const dir = mkdtempSync(join(tmpdir(), 'dash-bench-json-'));
    const file = join(dir, 'reads.json');
    const args = ['api/benchmarks/reads.mjs', '--seconds', String(apiSeconds), '--json', file];
    if (database === 'postgres') args.push('--postgres');
    const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status === 0) {
      const { rate, results } = JSON.parse(readFileSync(file, 'utf8'));
      for (const entry of results) {
        row(
          `API ${database}`,
          `${entry.label} at ${rate} req/s`,
          `${entry.rate} req/s, p50 ${entry.p50.toFixed(1)} ms, p99 ${entry.p99.toFixed(1)} ms${entry.failures ? `, ${entry.failures} failed` : ''}`,
        );
      }
    } else {
      row(`API ${database}`, 'reads', 'did not run (see above)');
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

const widths = [0, 1, 2].map((column) => Math.max(...rows.map((r) => r[column].length)));
const line = (cells) => `| ${cells.map((cell, index) => cell.padEnd(widths[index])).join(' | ')} |`;
console.log(`\n${line(['group', 'measure', 'figure'])}`);
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log(
  `\n(${new Date().toISOString()}; ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores; load generator, browser, API and database share this machine)`,
);

#!/usr/bin/env node
// Prints, for the built dashboard served as in production (`npm start`'s launcher, own ports and data):
//  - gzipped JavaScript the shell loads before its first contentful paint, and all it loads for the page;
//  - for the signed-in messages page, the JavaScript loaded before its largest contentful paint and for
//    the whole page, gzip and brotli (the sizes of the `.gz` / `.br` files the servers send, read from
//    the builds: Chromium asks for brotli over HTTPS only), per file with BENCH_FILES=1;
//  - gzipped JavaScript each remote adds when its area is first opened;
//  - largest contentful paint of a signed-in page on a throttled mobile profile
//    (150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU 4x slower), median of 3 cold loads.
// Run: pnpm --filter @dash/e2e bench:web (after `pnpm build`). Figures only: it asserts nothing.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';
import {
  distsOf,
  kib,
  openAreaRequests,
  remoteAreas,
  encodedSizes as sizesIn,
  throttle,
  timeline,
} from './page-metrics.mjs';
import { signedInContext, startDashboard } from './stack.mjs';

const port = Number(process.env.BENCH_PORT ?? 4700);

const dashboard = await startDashboard(port, { label: 'bench' });
const { base } = dashboard;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function jsBeforeFirstPaint(context, path) {
  const page = await context.newPage();
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const { fcp, scripts } = await timeline(page);
  await page.close();
  const before = scripts.filter((script) => script.start <= fcp);
  const sum = (list) => list.reduce((total, script) => total + script.bytes, 0);
  return {
    fcp,
    bytes: sum(before),
    files: before.length,
    pageBytes: sum(scripts),
    pageFiles: scripts.length,
  };
}

console.log('\nShell: gzipped JavaScript before the first contentful paint | all JavaScript the page needs');
const report = (label, figures) =>
  console.log(
    `  ${label.padEnd(26)} ${kib(figures.bytes)} in ${figures.files} files (FCP ${figures.fcp.toFixed(0)} ms) | ${kib(figures.pageBytes)} in ${figures.pageFiles} files`,
  );
const anonymous = await browser.newContext();
report('/auth (signed out)', await jsBeforeFirstPaint(anonymous, '/auth'));
const context = await signedInContext(browser, base);
report('/org/acme-treasury', await jsBeforeFirstPaint(context, '/org/acme-treasury'));

const distOf = distsOf(port);
const encodedSizes = (url) => sizesIn(url, distOf);

console.log(
  '\nSigned-in /org/acme-treasury/messages (first load): JavaScript before the largest contentful paint | whole page',
);
{
  // Its own context: nothing cached from the pages above.
  const fresh = await signedInContext(browser, base);
  const page = await fresh.newPage();
  await page.goto(`${base}/org/acme-treasury/messages`, { waitUntil: 'networkidle' });
  await page.getByTestId('runtime-probe').first().waitFor({ state: 'attached' });
  const { lcp, scripts } = await timeline(page);
  await fresh.close();
  const files = scripts.map((script) => ({ ...script, ...encodedSizes(script.url) }));
  const total = (list, key) => list.reduce((sum, file) => sum + file[key], 0);
  const line = (label, list) =>
    `${label} ${list.length} files: gzip ${kib(total(list, 'gzip'))}, brotli ${kib(total(list, 'brotli'))} (raw ${kib(total(list, 'raw'))})`;
  const before = files.filter((file) => file.start <= lcp);
  console.log(`  LCP ${lcp.toFixed(0)} ms; ${line('before it', before)}`);
  console.log(`  ${line('whole page', files)}`);
  for (const origin of [...new Set(files.map((file) => new URL(file.url).port))]) {
    console.log(
      `    ${(distOf[origin] ?? origin).padEnd(22)} ${line(
        '',
        files.filter((f) => new URL(f.url).port === origin),
      )}`,
    );
  }
  if (process.env.BENCH_FILES) {
    for (const file of files.sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `    ${file.start <= lcp ? '*' : ' '} ${new URL(file.url).pathname.padEnd(64)} gzip ${kib(file.gzip).padStart(9)} brotli ${kib(file.brotli).padStart(9)}`,
      );
    }
  }
}

console.log(
  '\nRemotes: JavaScript + manifest each adds when its area is first opened (sizes of the files sent)',
);
for (const [remote, path, remotePort] of remoteAreas(port)) {
  const page = await context.newPage();
  await page.goto(`${base}/org/acme-treasury`, { waitUntil: 'networkidle' });
  await page.getByRole('navigation', { name: 'Organization' }).waitFor();
  const own = await openAreaRequests(
    page,
    path,
    (request) => new URL(request.url()).port === String(remotePort),
  );
  const files = own.map(encodedSizes);
  const total = (key) => files.reduce((sum, file) => sum + file[key], 0);
  console.log(
    `  ${remote.padEnd(16)} gzip ${kib(total('gzip'))}, brotli ${kib(total('brotli'))} in ${files.length} files (${own.map((url) => url.split('/').pop()).join(', ')})`,
  );
  await page.close();
}

console.log('\nSigned-in page on a throttled mobile profile (150 ms RTT, 1.6 Mbps, CPU x4), 3 cold loads');
const lcps = [];
for (let run = 0; run < 3; run += 1) {
  const cold = await signedInContext(browser, base);
  const page = await cold.newPage();
  await throttle(cold, page);
  await page.goto(`${base}/org/acme-treasury/wallet`, { waitUntil: 'networkidle', timeout: 60_000 });
  await page.getByRole('heading', { name: 'Wallet', exact: true }).waitFor();
  const { lcp, fcp } = await timeline(page);
  lcps.push(lcp);
  console.log(`  run ${run + 1}: FCP ${fcp.toFixed(0)} ms, LCP ${lcp.toFixed(0)} ms`);
  await cold.close();
}
lcps.sort((a, b) => a - b);
console.log(`  median LCP ${lcps[1].toFixed(0)} ms (target: 2000 ms)\n`);

await browser.close();
await dashboard.stop();

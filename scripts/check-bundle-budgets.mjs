#!/usr/bin/env node
// The byte budgets of the built dashboard (`pnpm budgets`, after `pnpm run build`), in brotli bytes
// as the servers send them (the .br files): all the JS the signed-in messages page loads (shell,
// remote-messages and the shared chunks), and what each remote adds when its area opens after the
// overview (the remote's entry, manifest and chunks, and the shell's lazy chunks its page needs).
// The figures are `pnpm bench`'s, from the same code (e2e/benchmarks/page-metrics.mjs): the built
// stack started as `npm start` runs it, the pages loaded in Chromium, each requested file sized from
// the builds. A figure over its budget fails with the figure and the budget.
//
//   node scripts/check-bundle-budgets.mjs     (BUDGETS_PORT, default 4600; BUDGETS_FILES=1 lists the files)
//
// `npm test` runs it right after the build, so a remote or the page that grows past its budget fails
// the suite. BUDGETS_FIGURES=<file.json> checks figures measured before (`{ page, remotes }` as
// measureFigures returns them) instead of starting the stack: the check's own test uses it.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

const KIB = 1024;

/** The budgets, in bytes of brotli JS (issue 53). */
export const BUNDLE_BUDGETS = {
  /** Everything the signed-in messages page loads. */
  messagesPage: 250 * KIB,
  /** What each remote adds to the page it serves, beyond the shell. */
  remoteAdds: 25 * KIB,
};

const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;
/** A budget as it is written: 25 KiB. */
const budgetKib = (bytes) => (Number.isInteger(bytes / KIB) ? `${bytes / KIB} KiB` : kib(bytes));
/** A figure as KiB, with its bytes when rounding would hide that it is over the budget. */
const over = (bytes, budget) =>
  (bytes / KIB).toFixed(1) === (budget / KIB).toFixed(1) ? `${kib(bytes)} (${bytes} bytes)` : kib(bytes);

/**
 * What breaks the budgets, one sentence each (none: within them). `page` is the messages page's
 * figure, `remotes` each remote's, as page-metrics.mjs measures them: `bytes` and the `files` counted
 * (a URL and whether a build holds it). A file no build holds counts 0 bytes, and a figure of no
 * file measured nothing: both are failures, not a pass.
 */
export function budgetFailures({ page, remotes }, budgets = BUNDLE_BUDGETS) {
  const failures = [];
  const unmeasured = (what, figure) => {
    if (figure.files.length === 0) failures.push(`${what}: no JS file was loaded, nothing was measured`);
    for (const file of figure.files.filter((entry) => !entry.found)) {
      failures.push(`${what}: ${file.url} is in no build, its bytes are unknown`);
    }
  };
  unmeasured('the signed-in messages page', page);
  if (page.bytes > budgets.messagesPage) {
    failures.push(
      `the signed-in messages page loads ${over(page.bytes, budgets.messagesPage)} of brotli JS, budget ${budgetKib(budgets.messagesPage)}`,
    );
  }
  for (const figure of remotes) {
    unmeasured(figure.remote, figure);
    if (figure.bytes > budgets.remoteAdds) {
      failures.push(
        `${figure.remote} adds ${over(figure.bytes, budgets.remoteAdds)} of brotli JS, budget ${budgetKib(budgets.remoteAdds)}`,
      );
    }
  }
  return failures;
}

/** The figures against their budgets, a line each. */
export function budgetReport({ page, remotes }, budgets = BUNDLE_BUDGETS) {
  const line = (label, bytes, budget) =>
    `  ${label.padEnd(34)} ${kib(bytes).padStart(10)}  (budget ${budgetKib(budget)}, ${bytes <= budget ? 'within' : 'OVER'})`;
  return [
    line('signed-in messages page, in all', page.bytes, budgets.messagesPage),
    ...remotes.map((figure) => line(`${figure.remote} adds`, figure.bytes, budgets.remoteAdds)),
  ].join('\n');
}

/** The built dashboard's figures, measured in Chromium on the stack `npm start` runs. */
async function measureFigures() {
  // The benchmarks' helpers bring Playwright (e2e's dependency): loaded here, not when a test
  // imports the functions above.
  const { distsOf, pageScriptBytes, remoteAddedBytes } = await import('../e2e/benchmarks/page-metrics.mjs');
  const { launchBrowser, startDashboard } = await import('../e2e/benchmarks/stack.mjs');
  const { TEST_CHROMIUM_PATH } = await import('../e2e/support/chromium.mjs');
  const port = Number(process.env.BUDGETS_PORT ?? 4600);
  const dashboard = await startDashboard(port, { label: 'budgets' });
  let figures;
  try {
    // The e2e suite's browser: which files a page requests is the same in the full one.
    const browser = await launchBrowser({ executablePath: TEST_CHROMIUM_PATH });
    try {
      const dists = distsOf(port);
      const page = await pageScriptBytes(browser, dashboard.base, dists, { phone: true });
      figures = {
        page: { bytes: page.all, files: page.files },
        remotes: await remoteAddedBytes(browser, dashboard.base, port, dists),
      };
    } finally {
      await browser.close();
    }
  } finally {
    await dashboard.stop();
  }
  return figures;
}

async function main() {
  const figures = process.env.BUDGETS_FIGURES
    ? JSON.parse(await readFile(process.env.BUDGETS_FIGURES, 'utf8'))
    : await measureFigures();
  console.log(`Byte budgets (brotli JS as sent):\n${budgetReport(figures)}`);
  if (process.env.BUDGETS_FILES) {
    for (const figure of [{ remote: 'messages page', ...figures.page }, ...figures.remotes]) {
      console.log(`\n  ${figure.remote}:`);
      for (const file of [...figure.files].sort((a, b) => b.brotli - a.brotli)) {
        console.log(`    ${kib(file.brotli).padStart(10)}  ${file.url}`);
      }
    }
  }
  const failures = budgetFailures(figures);
  if (failures.length > 0) {
    console.error(
      `Byte budget check failed (${failures.length}):\n${failures.map((f) => `  ${f}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log('Byte budget check passed.');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) await main();

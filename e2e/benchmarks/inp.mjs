// Interaction to Next Paint, read as web-vitals reads it, for the benchmarks that measure it
// (wallet-inp.mjs, app-inp.mjs): the Event Timing entries of an interaction (PerformanceObserver
// 'event', durationThreshold 16, the lowest the browser allows), the longest one; an interaction
// under 16 ms has no entry and reads "< 16 ms". The page is loaded at full speed, then the CPU is
// throttled with CDP and the interaction is done as a user does it (trusted input events from
// Playwright's mouse and keyboard, with none of Playwright's own listeners in the page).
import { loadavg } from 'node:os';
import { median } from './page-metrics.mjs';
import { launchBrowser, startDashboard } from './stack.mjs';

/** Records every Event Timing entry of an interaction in each document `page` loads from now on. */
export async function observeInteractions(page) {
  await page.addInitScript(() => {
    window.__benchEvents = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.interactionId) window.__benchEvents.push({ name: entry.name, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  });
}

/** A function that sets `page`'s CPU `rate` times slower (1: full speed), through CDP. */
export async function cpuThrottle(context, page) {
  const cdp = await context.newCDPSession(page);
  return (rate) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * Clicks the middle of `locator` with the mouse once it is visible, enabled and still (within
 * `timeout` ms, else it throws), as a user does. Playwright's own `click()` also listens, in the
 * page, to the events it sends (to check that they reach the element), and that listener's work was
 * counted in the interaction: 11 ms of a 4x-throttled pointerdown in a trace of Send, and a hit
 * test after it.
 */
export async function clickAsUser(page, locator, { timeout = 30_000 } = {}) {
  await locator.waitFor({ timeout });
  await locator.scrollIntoViewIfNeeded({ timeout });
  const deadline = Date.now() + timeout;
  let box = null;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${locator} was not enabled and still within ${timeout} ms`);
    if (await locator.isEnabled()) {
      const next = await locator.boundingBox();
      if (next && box && JSON.stringify(next) === JSON.stringify(box)) break;
      box = next;
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  }
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Runs `act` (one user interaction) and answers its INP in ms (0: under the 16 ms threshold). */
export async function inpOf(page, act) {
  await page.evaluate(() => {
    window.__benchEvents = [];
  });
  await act();
  // Entries are queued after the interaction's next paint: two frames and a task later they are in.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
      ),
  );
  return page.evaluate(() => Math.max(0, ...window.__benchEvents.map((entry) => entry.duration)));
}

/** The median and the worst of one interaction's runs. */
export const summary = (values) => ({ median: median(values), worst: Math.max(...values) });

/** An INP figure as printed: "42 ms", or "< 16 ms" for an interaction with no entry. */
export const inpText = (value) => (value > 0 ? `${value.toFixed(0)} ms` : '< 16 ms');

/**
 * An INP benchmark run alone (after `pnpm build`): its own dashboard on BENCH_PORT (else `port`), or
 * a running one at BENCH_BASE_URL; BENCH_RUNS runs (default 5). `measure(browser, base, { runs })`
 * answers each interaction's summary by key; `rows` are the keys and their labels, printed in order.
 */
export async function runAlone({ port, label, measure, rows }) {
  const dashboard = process.env.BENCH_BASE_URL
    ? { base: process.env.BENCH_BASE_URL.replace(/\/+$/, ''), stop: async () => {} }
    : await startDashboard(Number(process.env.BENCH_PORT ?? port), { label });
  const browser = await launchBrowser();
  try {
    const runs = Number(process.env.BENCH_RUNS ?? 5);
    const inp = await measure(browser, dashboard.base, { runs });
    console.log(
      `\nINP at 4x CPU (target < 100 ms), median of ${runs} (worst); load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' / ')}`,
    );
    const width = Math.max(...rows.map(([, text]) => text.length)) + 1;
    for (const [key, text] of rows)
      console.log(`  ${text.padEnd(width)} ${inpText(inp[key].median)} (${inpText(inp[key].worst)})`);
  } finally {
    await browser.close();
    await dashboard.stop();
  }
}

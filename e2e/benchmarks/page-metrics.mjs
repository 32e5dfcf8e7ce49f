// Page measurements the browser benchmarks share: a page's own performance timeline (paints and the
// scripts it loaded), the size of each script as the servers send it (read from the builds), and
// loads on the throttled mobile profile the budgets are set for.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.mjs';

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Paint times and JS resources (with their start times) from the page's own performance timeline. */
export async function timeline(page) {
  return page.evaluate(async () => {
    const lcp = await new Promise((resolve) => {
      let last = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) last = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(last), 500);
    });
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => ({
        url: entry.name,
        bytes: entry.encodedBodySize,
        start: entry.startTime,
        end: entry.responseEnd,
      }));
    return { fcp, lcp, scripts };
  });
}

/**
 * The build folder each origin of a dashboard on `port` serves (shell on the dashboard origin,
 * remotes on theirs); `shellDist` is shell/dist, or shell/dist-monolith for the monolith build.
 */
export function distsOf(port, shellDist = 'shell/dist') {
  return {
    [String(port)]: shellDist,
    [String(port + 11)]: 'remote-messages/dist',
    [String(port + 12)]: 'remote-wallet/dist',
    [String(port + 13)]: 'remote-rails/dist',
    [String(port + 14)]: 'remote-settings/dist',
  };
}

/** The sizes of a script as sent: raw, and its precompressed .gz / .br files (small files go raw). */
export function encodedSizes(url, dists) {
  const { port: urlPort, pathname } = new URL(url);
  const file = join(ROOT, dists[urlPort] ?? 'missing', pathname);
  const size = (path) => (existsSync(path) ? statSync(path).size : null);
  const raw = size(file) ?? 0;
  return { raw, gzip: size(`${file}.gz`) ?? raw, brotli: size(`${file}.br`) ?? raw };
}

/** Slow 4G-like network (150 ms RTT, 1.6 Mbps down, 750 kbps up) and a CPU 4x slower, on a phone viewport. */
export async function throttle(context, page, { cache = false } = {}) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: !cache });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.setViewportSize({ width: 412, height: 823 });
}

/** Loads `url` until the shell's navigation and, for an area of a remote, the remote rendered. */
export async function loadAndSettle(page, url, { area = true } = {}) {
  await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
  // Attached, not visible: on a phone's width the sidebar is behind the menu button.
  await page.locator('nav[aria-label="Organization"]').waitFor({ state: 'attached', timeout: 90_000 });
  if (area) await page.getByTestId('runtime-probe').first().waitFor({ state: 'attached', timeout: 90_000 });
  return timeline(page);
}

/**
 * Opens an area of the signed-in dashboard from the page it is on, through the router (as the
 * sidebar does), and resolves to the URLs of the requests `counts(request)` accepts that it made:
 * after the area's probe is in the page, until no new one for a second. Waiting for network idle
 * would return at once (the page reached it when it loaded), and the area's probe renders before
 * the route's own lazy chunks are requested: remote-rails once read 19.1 KiB instead of 24.8,
 * without the transactions page's two chunks.
 */
export async function openAreaRequests(page, path, counts) {
  const urls = new Set();
  const record = (request) => {
    if (counts(request)) urls.add(request.url());
  };
  page.on('request', record);
  try {
    await page.evaluate((target) => {
      window.history.pushState({}, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.getByTestId('runtime-probe').first().waitFor({ state: 'attached' });
    let seen = -1;
    while (seen !== urls.size) {
      seen = urls.size;
      await page.waitForTimeout(1000);
    }
  } finally {
    page.off('request', record);
  }
  return [...urls];
}

/** Each remote, the page of its area the benchmarks open, and its origin's port on a dashboard on `port`. */
export const remoteAreas = (port) => [
  ['remote-messages', '/org/acme-treasury/messages', port + 11],
  ['remote-wallet', '/org/acme-treasury/wallet', port + 12],
  ['remote-rails', '/org/acme-treasury/rails/transactions', port + 13],
  ['remote-settings', '/org/acme-treasury/settings', port + 14],
];

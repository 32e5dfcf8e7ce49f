// Page measurements the browser benchmarks and the byte budgets share: a page's own performance
// timeline (paints and the scripts it loaded), the size of each script as the servers send it (read
// from the builds), the JS of the signed-in messages page and what each remote adds (`pnpm bench`'s
// rows and scripts/check-bundle-budgets.mjs's figures), and loads on the throttled mobile profile the
// budgets are set for.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, signedInContext } from './stack.mjs';

/** The signed-in page the byte, LCP and Lighthouse figures are about. */
export const MESSAGES_PAGE = '/org/acme-treasury/messages';

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

/**
 * The sizes of a script as sent: raw, and its precompressed .gz / .br files (small files go raw);
 * `found` is false when no build holds the file (all sizes are then 0).
 */
export function encodedSizes(url, dists) {
  const { port: urlPort, pathname } = new URL(url);
  const file = join(ROOT, dists[urlPort] ?? 'missing', pathname);
  const size = (path) => (existsSync(path) ? statSync(path).size : null);
  const found = size(file);
  const raw = found ?? 0;
  return { raw, gzip: size(`${file}.gz`) ?? raw, brotli: size(`${file}.br`) ?? raw, found: found !== null };
}

/**
 * Slow 4G-like network (150 ms RTT, 1.6 Mbps down, 750 kbps up) and a CPU 4x slower, on a phone: its
 * viewport, and its user agent and `Sec-CH-UA-Mobile` client hint (Lighthouse's mobile preset's
 * phone), by which the server renders the phone's layout. With a desktop's user agent the server
 * sent the wide layout, which a phone is never sent, and the rows measured that.
 */
export async function throttle(context, page, { cache = false } = {}) {
  const cdp = await context.newCDPSession(page);
  const version = context.browser()?.version() ?? '140.0.0.0';
  await cdp.send('Emulation.setUserAgentOverride', {
    userAgent: `Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Mobile Safari/537.36`,
    userAgentMetadata: {
      brands: [{ brand: 'Chromium', version: version.split('.')[0] }],
      fullVersion: version,
      platform: 'Android',
      platformVersion: '11.0',
      architecture: '',
      model: 'moto g power (2022)',
      mobile: true,
    },
  });
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

/**
 * Loads `url` until the shell's navigation and, for an area of a remote, the remote rendered; with
 * `allScripts`, also until no script is in flight and none was asked for in the last second. Network
 * idle and the server-rendered area can come while the boot's large chunks are still downloading on
 * the throttled profile: the page's timeline then held 8 or 14 of its 19 scripts (one load read 63
 * KiB of its 285), so a figure of all its JS waits for them.
 */
export async function loadAndSettle(page, url, { area = true, allScripts = false } = {}) {
  const inFlight = new Set();
  let asked = 0;
  const start = (request) => {
    if (request.resourceType() !== 'script') return;
    inFlight.add(request);
    asked += 1;
  };
  const end = (request) => inFlight.delete(request);
  if (allScripts) {
    page.on('request', start);
    page.on('requestfinished', end);
    page.on('requestfailed', end);
  }
  try {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
    // Attached, not visible: on a phone's width the sidebar is behind the menu button.
    await page.locator('nav[aria-label="Organization"]').waitFor({ state: 'attached', timeout: 90_000 });
    if (area) await page.getByTestId('runtime-probe').first().waitFor({ state: 'attached', timeout: 90_000 });
    if (allScripts) {
      const deadline = Date.now() + 90_000;
      let seen = -1;
      while (inFlight.size > 0 || seen !== asked) {
        if (Date.now() > deadline) throw new Error(`${url}: scripts still loading after 90 s`);
        seen = asked;
        await page.waitForTimeout(1000);
      }
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
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

/**
 * JS of a signed-in page (brotli as sent) requested before its LCP (`before`), and in all (`all`),
 * nothing cached, with the files counted: on the throttled phone profile the LCP rows use (`phone`),
 * else at a desktop width unthrottled. The Message Center is rendered on the server; on a phone its
 * largest paint is that render, on a desktop it is the first conversation's newest message, which
 * the browser renders once the scripts run.
 */
export async function pageScriptBytes(browser, base, dists, { phone, path = MESSAGES_PAGE }) {
  const context = await signedInContext(browser, base);
  const page = await context.newPage();
  if (phone) await throttle(context, page);
  const { lcp, scripts } = await loadAndSettle(page, `${base}${path}`, { allScripts: true });
  await context.close();
  const files = scripts.map((script) => ({ ...script, ...encodedSizes(script.url, dists) }));
  const sum = (list) => list.reduce((total, file) => total + file.brotli, 0);
  return { before: sum(files.filter((file) => file.start <= lcp)), all: sum(files), files };
}

/**
 * What each remote adds (brotli as sent) when its area opens after the overview, in `remoteAreas`'
 * order: `{ remote, bytes, files }`, `files` being each counted URL with its sizes.
 */
export async function remoteAddedBytes(browser, base, port, dists) {
  const figures = [];
  for (const [remote, path, remotePort] of remoteAreas(port)) {
    // A context of its own per area: pages of one context can share a renderer and its memory cache,
    // and a file an earlier area loaded (the shell's virtual-list chunk) then comes from that cache
    // without a request, so it went uncounted in some runs.
    const context = await signedInContext(browser, base);
    const page = await context.newPage();
    await loadAndSettle(page, `${base}/org/acme-treasury`, { area: false });
    // Every script the area fetches, from any origin: the remote's own files, and the shell's
    // lazy chunks it needs that the overview did not load (the shared package's virtual lists).
    const own = await openAreaRequests(
      page,
      path,
      (request) => new URL(request.url()).port === String(remotePort) || request.resourceType() === 'script',
    );
    await context.close();
    const files = own.map((url) => ({ url, ...encodedSizes(url, dists) }));
    figures.push({ remote, bytes: files.reduce((total, file) => total + file.brotli, 0), files });
  }
  return figures;
}

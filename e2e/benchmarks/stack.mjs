// What the browser benchmarks share: the built dashboard started as `npm start` runs it (own port
// and data directory), the system Chromium, and a browser context signed in as the demo user through
// the outbox.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';
import { signInByMagicLink } from '../support/magic-link.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO_EMAIL = 'demo@example.com';

/** Starts the launcher with --skip-build on `port`; resolves once it prints "Dashboard ready". */
export async function startDashboard(port, { label = 'bench', env = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `dash-${label}-`));
  const launcher = spawn('node', ['scripts/dashboard.mjs', '--skip-build', '--quiet'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // A benchmark signs the demo user in once per cold load (the default allows 5 links an hour).
      AUTH_RATE_LIMIT_PER_EMAIL: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    launcher.stdout.on('data', (chunk) => chunk.toString().includes('Dashboard ready') && resolve());
    launcher.on('exit', () => reject(new Error('the launcher stopped before the dashboard was ready')));
  });
  return {
    base: `http://localhost:${port}`,
    // Once the launcher has exited, which it does once its processes have (killing what still runs
    // after 10 s): only then is the data directory removed, and the next dashboard started.
    async stop() {
      const exited = new Promise((resolve) => launcher.once('exit', resolve));
      if (launcher.exitCode === null && launcher.signalCode === null) {
        launcher.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The system Chromium (the full browser unless `executablePath` says another) with the flags it needs here. */
export function launchBrowser({ executablePath = CHROMIUM_PATH } = {}) {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** A new browser context whose cookie is the demo user's session (magic link from the outbox). */
export async function signedInContext(browser, base, contextOptions = {}) {
  const context = await browser.newContext(contextOptions);
  await signInByMagicLink(context.request, DEMO_EMAIL, { base });
  return context;
}

/**
 * Sizes the window of `page` (its context made with `viewport: null`) so that the page's viewport is
 * `width` x `height` CSS pixels and all of it is drawn. Playwright's emulated viewport
 * (`setViewportSize`) lays the page out at that size in a window of that size, but the full
 * browser's own top UI (87 px here) sits in the same window, so the page's bottom 87 px are never
 * drawn: a change only there (the Message Center's reply box) has no frame of its own, and Event
 * Timing waits for the next change elsewhere (Send read 280-740 ms; on a bare page, a click at the
 * bottom read 1 s, or never). Answers once the page's viewport has the size asked.
 */
export async function sizeWindow(context, page, { width, height }) {
  const cdp = await context.newCDPSession(page);
  const { windowId } = await cdp.send('Browser.getWindowForTarget');
  const frame = await page.evaluate(() => ({
    width: window.outerWidth - window.innerWidth,
    height: window.outerHeight - window.innerHeight,
  }));
  await cdp.send('Browser.setWindowBounds', {
    windowId,
    bounds: { width: width + frame.width, height: height + frame.height },
  });
  await cdp.detach();
  await page.waitForFunction(
    ([w, h]) => window.innerWidth === w && window.innerHeight === h,
    [width, height],
  );
}

/**
 * Starts recording a performance trace of the browser (open the file in DevTools' Performance panel);
 * `stop(file)` ends it and writes the file. For finding where a measured frame's time goes.
 */
export async function startTrace(browser) {
  const tracing = await browser.newBrowserCDPSession();
  const traceEvents = [];
  tracing.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value));
  await tracing.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
        'toplevel',
      ],
    },
  });
  return {
    async stop(file) {
      const done = new Promise((resolve) => tracing.once('Tracing.tracingComplete', resolve));
      await tracing.send('Tracing.end');
      await done;
      writeFileSync(file, JSON.stringify({ traceEvents }));
    },
  };
}

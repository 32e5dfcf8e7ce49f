import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_FALLBACK, TEST_CHROMIUM_PATH } from './support/chromium.mjs';
import { budget } from './support/time-budget';

/**
 * The e2e suite drives a system Chromium against the real built shell and remotes (each on its own
 * port) and the real API on a fresh temporary database, all started by the same launcher as
 * `npm start`. Ports follow E2E_PORT so a running dashboard on 3000 is left alone.
 */
const port = Number(process.env.E2E_PORT ?? 4300);
if (!existsSync(TEST_CHROMIUM_PATH)) {
  throw new Error(
    `No Chromium at ${TEST_CHROMIUM_PATH}. Install it with "apt-get install -y chromium-headless-shell" or point CHROMIUM_PATH at one.`,
  );
}
// Workers re-read this file: say it once, in the main process.
if (TEST_CHROMIUM_FALLBACK && !process.env.TEST_WORKER_INDEX) {
  console.warn(
    `No chromium-headless-shell: the e2e suite runs in ${TEST_CHROMIUM_PATH}, about a third slower ("apt-get install -y chromium-headless-shell").`,
  );
}

// Workers re-read this file; the data directory is chosen once, in the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'dash-e2e-'));
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;

/** Specs whose tests change what every other spec sees (see `workers`). */
const STACK_WIDE = /(releases|resilience)\.spec\.ts$/;
/**
 * The long files (a minute or more of one worker: whole flows on chain, by keyboard, a dev server's
 * compile), started first, and the accessibility scan's one-test-per-page file last: a worker that
 * picks up a long file near the end keeps the other idle, while the scan's short tests fill both
 * workers to the end (longest first). Files are queued by project in this order.
 */
const LONG =
  /(safe-queue|safe-off-ramp|keyboard|keyboard-money|keyboard-flows|keyboard-kyb-phone|messages|harness|rails-money)\.spec\.ts$/;
const FILLER = /a11y\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  globalTeardown: './support/global-teardown.ts',
  // Two spec files at a time (each file's tests in order, in one browser): the stack is shared and
  // every spec writes its own data. The specs that change the whole stack (a remote's server stopped,
  // services killed, a release pinned for everyone) run after all the others, one at a time: the
  // `stack-wide` project. Running one of those on its own:
  // `npx playwright test --no-deps tests/releases.spec.ts`.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Budgets, not speed checks: each is what a quick, quiet machine needs with room to spare, scaled by
  // the machine's time factor (support/time-factor.mjs). Expectations wait on state within them.
  timeout: budget(30_000),
  expect: { timeout: budget(10_000) },
  reporter: [['list'], ['./support/budget-reporter.ts']],
  use: {
    baseURL: `http://localhost:${port}`,
    // As a person who turned animations off: the product honours it (the theme's
    // respectReducedMotion), and no step waits for a transition to settle or renders its frames.
    reducedMotion: 'reduce',
    // A failed test keeps a screenshot of its end and its page's accessibility snapshot
    // (error-context.md). No trace unless asked for (E2E_TRACE=retain-on-failure, say): every passing
    // test recorded one to throw it away, its DOM snapshots and screencast a fifth of the suite's time
    // on a 2-core machine.
    trace: (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'long', testMatch: LONG },
    { name: 'specs', testIgnore: [STACK_WIDE, LONG, FILLER] },
    { name: 'a11y', testMatch: FILLER },
    // One file at a time: a release pinned for everyone, a remote stopped, the API killed.
    { name: 'stack-wide', testMatch: STACK_WIDE, dependencies: ['long', 'specs', 'a11y'], workers: 1 },
  ],
  webServer: {
    command: 'node ../scripts/dashboard.mjs --skip-build --quiet',
    url: `http://127.0.0.1:${port}/api/v0/health`,
    wait: { stdout: /Dashboard ready/ },
    stdout: 'pipe',
    reuseExistingServer: false,
    timeout: budget(120_000),
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      AUTH_RATE_LIMIT_PER_EMAIL: '200',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      LOG_LEVEL: 'warn',
      // The seed's 5,000-message thread is for `npm start` and the benchmark; tests write their own mail.
      SEED_LONG_THREAD_MESSAGES: '0',
      // The sandbox provider decides onboardings after two seconds (time to see Pending), so a spec sees Active without waiting long.
      SANDBOX_REVIEW_SECONDS: '2',
    },
  },
});

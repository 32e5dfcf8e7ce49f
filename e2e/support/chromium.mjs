import { existsSync } from 'node:fs';

// The system Chromium the e2e suite and the browser benchmarks drive, and the flags it needs on
// these machines (no sandbox as root, no GPU, no background traffic on a closed network).

/** Debian's Chromium packages, where they install (scripts/ensure-chromium.mjs installs them). */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The full browser, as people run it: the benchmarks measure the pages in it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? SYSTEM_CHROMIUM;

/**
 * The e2e suite's browser: Chromium's headless shell (Debian's `chromium-headless-shell`, the same
 * version and engine, without the browser's UI layer). On 2 cores the whole suite took 482 s in it
 * against 716-845 s in the full browser, two thirds of the CPU (the full browser's own process and
 * compositor were a third of the run). CHROMIUM_PATH, when set, is used for both; without the shell
 * the suite falls back to the full browser, slower (see `TEST_CHROMIUM_FALLBACK`).
 */
export const TEST_CHROMIUM_FALLBACK = !process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL);
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (TEST_CHROMIUM_FALLBACK ? CHROMIUM_PATH : HEADLESS_SHELL);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

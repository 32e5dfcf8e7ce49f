#!/usr/bin/env node
// Installs the system Chromium when it is missing: the headless shell that npm test's browser checks
// drive (the e2e suite, the budgets' page loads), and the full browser of `pnpm bench`, which the
// suite falls back to without the shell. From Debian's packages, never Playwright's download (the
// machines reach only the package mirrors). Dependency-free, like ensure-install.mjs before it:
// e2e/support/chromium.mjs, where the paths live, imports Node's own modules only.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADLESS_SHELL, SYSTEM_CHROMIUM } from '../e2e/support/chromium.mjs';

export const CHROMIUM_PACKAGES = [
  { binary: SYSTEM_CHROMIUM, pkg: 'chromium' },
  { binary: HEADLESS_SHELL, pkg: 'chromium-headless-shell' },
];

/**
 * What to do: `{ action: 'none' }` when CHROMIUM_PATH names the browser to use or both binaries are
 * there; `{ action: 'install', packages }` as root; otherwise `{ action: 'ask', command }`, the
 * command someone with root has to run.
 */
export function chromiumPlan({
  env = process.env,
  exists = existsSync,
  isRoot = process.getuid?.() === 0,
} = {}) {
  if (env.CHROMIUM_PATH) return { action: 'none' };
  const packages = CHROMIUM_PACKAGES.filter(({ binary }) => !exists(binary)).map(({ pkg }) => pkg);
  if (packages.length === 0) return { action: 'none' };
  if (isRoot) return { action: 'install', packages };
  return { action: 'ask', command: `sudo apt-get install -y ${packages.join(' ')}` };
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

export function ensureChromium() {
  const plan = chromiumPlan();
  if (plan.action === 'none') return;
  if (plan.action === 'ask') {
    console.error(`npm test needs the system Chromium, and only root can install it: ${plan.command}`);
    process.exit(1);
  }
  console.log(`Installing ${plan.packages.join(' and ')} for the browser tests…`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...plan.packages]);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureChromium();

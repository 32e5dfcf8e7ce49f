#!/usr/bin/env node
// Installs the workspace with the pnpm pinned in package.json when node_modules is missing or
// older than the lockfile or any package.json. Dependency-free: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const WORKSPACE_PACKAGES = [
  '.',
  'shared',
  'api',
  'shell',
  'remote-messages',
  'remote-wallet',
  'remote-rails',
  'remote-settings',
  'e2e',
];

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

export function installIsStale() {
  const marker = join(ROOT, 'node_modules', '.modules.yaml');
  if (!existsSync(marker)) return true;
  const installedAt = mtime(marker);
  const inputs = [join(ROOT, 'pnpm-lock.yaml'), join(ROOT, 'pnpm-workspace.yaml')].concat(
    WORKSPACE_PACKAGES.map((pkg) => join(ROOT, pkg, 'package.json')),
  );
  return inputs.some((input) => mtime(input) > installedAt);
}

export function ensureInstalled() {
  if (!installIsStale()) return;
  const { packageManager } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  console.log(`Installing dependencies with ${packageManager}…`);
  const result = spawnSync('npx', ['--yes', packageManager, 'install', '--frozen-lockfile'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, COREPACK_ENABLE_STRICT: '0' },
  });
  if (result.status !== 0) {
    console.error(`Installing dependencies failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureInstalled();

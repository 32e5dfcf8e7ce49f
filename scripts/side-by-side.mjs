/**
 * Runs package scripts at the same time, each line of their output prefixed with its name, and
 * fails when any fails. `npm test` runs the unit tests beside the build: the unit run keeps about
 * one core busy (one vitest worker: jsdom costs more than a second worker gains on two cores), the
 * build takes the other, and neither reads what the other writes.
 *
 *   node scripts/side-by-side.mjs <script> <script> …
 */
import { spawn } from 'node:child_process';
import { relay } from './lib/relay.mjs';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage: node scripts/side-by-side.mjs <script> <script> …');
  process.exit(2);
}
const pnpm = process.env.npm_execpath;
const children = new Set();

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = pnpm
      ? spawn(process.execPath, [pnpm, 'run', script], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('pnpm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    relay(child.stdout, process.stdout, `[${script}] `);
    relay(child.stderr, process.stderr, `[${script}] `);
    child.on('error', (error) => {
      console.error(`[${script}] could not start: ${error.message}`);
      resolve({ script, code: 1, seconds: 0 });
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ script, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

const results = await Promise.all(scripts.map(run));
console.log('\nSide by side:');
for (const { script, code, seconds } of results)
  console.log(`  ${code === 0 ? '✔' : '✘'} ${script} (${seconds.toFixed(1)} s)`);
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);

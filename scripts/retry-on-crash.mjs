/**
 * Runs a command, and runs it once more when it crashed: killed by SIGABRT, SIGSEGV, SIGBUS or SIGILL,
 * not a failure it reported with an exit code (that one stands) nor a stop someone asked for (SIGINT,
 * SIGTERM, SIGKILL). The builds use it: under CI's load an rsbuild build once died of SIGABRT after
 * listing the files it wrote, with no message, and failed `npm test`; eight builds beside the unit
 * tests did not do it again.
 *
 *   node scripts/retry-on-crash.mjs <command> [args…]
 */
import { spawn } from 'node:child_process';

const CRASHES = new Set(['SIGABRT', 'SIGSEGV', 'SIGBUS', 'SIGILL']);
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/retry-on-crash.mjs <command> [args…]');
  process.exit(2);
}

function run() {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${command} could not start: ${error.message}`);
      resolve({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

let result = await run();
if (result.signal && CRASHES.has(result.signal)) {
  console.error(`\n${[command, ...args].join(' ')} crashed (${result.signal}); running it once more.\n`);
  result = await run();
}
if (result.signal) {
  console.error(`${[command, ...args].join(' ')} was stopped by ${result.signal}.`);
  process.exit(1);
}
process.exit(result.code ?? 1);

// One factor scales every time budget of the e2e suite (the test timeouts, the expectations' waits,
// the long flows' own budgets), so a correct run on a slower or busier machine is given the time it
// needs instead of failing. The budgets in the specs are what a quick, quiet machine needs with room
// to spare; the factor says how much slower this machine is now.
//
// E2E_TIME_FACTOR sets it (e.g. 2). Unset, the config measures it once, in Playwright's main process
// (the workers inherit it through the environment): the same fixed JavaScript work timed on one
// thread and on two at once (the suite keeps both cores busy: the browser, the API, the servers), the
// slower of the two against what a quick machine takes. A core held by other work shows in the
// second figure. Never below 1, at most MAX_FACTOR.
//
//   node e2e/support/time-factor.mjs   prints the measure and the factor it gives
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/** What the work below takes on a quick, quiet machine of this kind (the best of three rounds). */
export const REFERENCE_MS = 60;
export const MAX_FACTOR = 6;

/** Fixed work in the shape of the suite's own: objects made, serialized, parsed and sorted. */
function work() {
  const started = performance.now();
  let checksum = 0;
  for (let round = 0; round < 30; round += 1) {
    const rows = Array.from({ length: 2_000 }, (_, index) => ({
      uid: `row-${(index * 7919 + round) % 2_000}`,
      amount: String(index * 13 + round),
      status: index % 3 === 0 ? 'Completed' : 'Pending',
    }));
    const parsed = JSON.parse(JSON.stringify(rows));
    parsed.sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
    checksum += parsed[0].amount.length;
  }
  return { ms: performance.now() - started, checksum };
}

/** The best of three rounds: on one thread, and on two threads at once (the slower thread of each round). */
async function measure() {
  const runOnWorker = () =>
    new Promise((resolve, reject) => {
      const worker = new Worker(fileURLToPath(import.meta.url));
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  let single = Number.POSITIVE_INFINITY;
  let pair = Number.POSITIVE_INFINITY;
  work(); // warm up the JIT
  for (let round = 0; round < 3; round += 1) {
    single = Math.min(single, work().ms);
    const both = await Promise.all([runOnWorker(), runOnWorker()]);
    pair = Math.min(pair, Math.max(...both.map((result) => result.ms)));
  }
  return { single, pair };
}

export function factorOf({ single, pair }) {
  const ratio = Math.max(single, pair) / REFERENCE_MS;
  return Math.min(MAX_FACTOR, Math.max(1, Math.round(ratio * 10) / 10));
}

/**
 * The factor in force: E2E_TIME_FACTOR when it is a number of at least 1, else measured now (in a
 * child process, so the config stays synchronous) and written to E2E_TIME_FACTOR for the workers.
 */
export function timeFactor() {
  const given = Number(process.env.E2E_TIME_FACTOR);
  if (Number.isFinite(given) && given >= 1) return given;
  const printed = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--json'], {
    encoding: 'utf8',
  });
  const { factor } = JSON.parse(printed);
  process.env.E2E_TIME_FACTOR = String(factor);
  return factor;
}

if (!isMainThread) {
  work();
  parentPort?.postMessage(work());
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const measured = await measure();
  const factor = factorOf(measured);
  if (process.argv.includes('--json')) console.log(JSON.stringify({ ...measured, factor }));
  else {
    console.log(
      `one thread ${measured.single.toFixed(0)} ms, two at once ${measured.pair.toFixed(0)} ms ` +
        `(a quick machine: ${REFERENCE_MS} ms): time factor ${factor}`,
    );
  }
}

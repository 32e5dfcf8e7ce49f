// An open-loop load generator for the API benchmarks: requests leave on schedule (rate per second)
// whether or not earlier ones have answered, so a slow server shows up as latency, not as a lower
// rate. Latency counts from when a request was due, so the generator's own lag is not hidden.
//
// openLoop() runs it in this thread; openLoopInWorker() in a worker thread, so an API running in the
// calling process does not share its event loop with the load (the benchmark of GET transactions).
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * @param {{ port: number, rate: number, seconds: number, headers?: Record<string, string>,
 *   path?: string, paths?: string[], labels?: string[] }} options  paths: used in turn (request i takes
 *   paths[i % length]); labels: request i's label is labels[i % length], to have latencies per label too
 * @returns {Promise<{ latencies: number[], byLabel: Record<string, number[]>, elapsed: number,
 *   failures: number, kinds: Record<string, number>, busyMs: number }>}
 *   latencies in ms, sorted (byLabel's too); elapsed in seconds; busyMs: the time this thread's event
 *   loop was busy (the generator's own cost, near its CPU time)
 */
export async function openLoop({ port, rate, seconds, headers = {}, path, paths = [path], labels = [] }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies = [];
  /** @type {Record<string, number[]>} */
  const byLabel = {};
  const kinds = {};
  let failures = 0;
  const fail = (kind) => {
    failures += 1;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  };
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const loopBefore = performance.eventLoopUtilization();
  const pending = [];
  for (let sent = 0; sent < total; sent += 1) {
    const due = started + (sent * 1000) / rate;
    const wait = due - performance.now();
    // Never early: a timer fires at the earliest after `wait`.
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      new Promise((resolve) => {
        const request = http.request(
          { host: '127.0.0.1', port, method: 'GET', path: paths[sent % paths.length], agent, headers },
          (response) => {
            response.on('data', () => {});
            response.on('end', () => {
              if (response.statusCode === 200) {
                const latency = performance.now() - due;
                latencies.push(latency);
                const label = labels[sent % Math.max(labels.length, 1)];
                if (label !== undefined) {
                  byLabel[label] ??= [];
                  byLabel[label].push(latency);
                }
              } else fail(String(response.statusCode));
              resolve();
            });
          },
        );
        request.on('error', (error) => {
          fail(error.code ?? error.message);
          resolve();
        });
        request.end();
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  for (const values of Object.values(byLabel)) values.sort((a, b) => a - b);
  const busyMs = performance.eventLoopUtilization(loopBefore).active;
  return { latencies, byLabel, elapsed: (performance.now() - started) / 1000, failures, kinds, busyMs };
}

/** openLoop() in a worker thread of its own. */
export function openLoopInWorker(options) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: options });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** The value at percentile p of sorted values. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

if (!isMainThread && workerData?.port) parentPort?.postMessage(await openLoop(workerData));

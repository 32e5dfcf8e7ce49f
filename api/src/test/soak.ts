/**
 * A bounded soak of the real API process (api/src/test/stack.ts): mixed reads and writes of the
 * demo Admin at a steady arrival rate (open loop, as api/benchmarks/reads.mjs: each request is
 * sent when it is due, whether or not earlier ones have answered, and its latency counts from
 * then), loopback only, with the API's resident memory sampled from /proc while it runs.
 * `pnpm soak` prints the figures (api/benchmarks/soak.ts); the processes test suite runs a short one.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { API_PREFIX } from '@dash/shared/contracts';
import type { Stack } from './stack';

export interface SoakOptions {
  seconds: number;
  /** Requests per second. */
  rate: number;
  /** How often the API's memory is sampled. */
  sampleMs?: number;
  /** Leading share of the run whose memory counts as warm-up (not in the slope). */
  warmupShare?: number;
}

export interface SoakResult {
  seconds: number;
  rate: number;
  sent: number;
  /** Per operation: requests and failures. */
  operations: Record<string, { sent: number; failed: number }>;
  /** `<operation>: <status> <body start>` for each failure (first 20). */
  errors: string[];
  /** The API's own error log lines during the run (the last 5), to say why. */
  apiErrors: string[];
  failures: number;
  latencyMs: { p50: number; p99: number; max: number };
  memoryMb: {
    start: number;
    /** The first sample after the warm-up. */
    afterWarmup: number;
    peak: number;
    end: number;
    /** Least-squares slope of RSS after the warm-up, MB per minute. */
    slopePerMinute: number;
    samples: number;
  };
}

/** Resident set size of a process in MB (Linux /proc; ps elsewhere is not needed here). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match?.[1]) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

function slope(points: { t: number; y: number }[]): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const meanT = points.reduce((sum, p) => sum + p.t, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - meanT) * (p.y - meanY);
    den += (p.t - meanT) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

const round = (value: number) => Math.round(value * 10) / 10;

export async function runSoak(stack: Stack, cookie: string, options: SoakOptions): Promise<SoakResult> {
  const api = stack.api;
  if (!api) throw new Error('Start the API first');
  const { port } = new URL(stack.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  function request(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: Number(port),
          method,
          path: `${API_PREFIX}${path}`,
          agent,
          headers: {
            cookie,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (body !== undefined) req.write(JSON.stringify(body));
      req.end();
    });
  }

  const organizations = JSON.parse((await request('GET', '/me/organizations', {})).text).data as {
    uid: string;
    slug: string;
  }[];
  const organizationUid = organizations.find((organization) => organization.slug === 'acme-treasury')?.uid;
  if (!organizationUid) throw new Error('The demo organization is missing');
  const org = { 'x-organization-uid': organizationUid };
  const threads = JSON.parse((await request('GET', '/messages', org)).text).data as { uid: string }[];
  const providers = JSON.parse((await request('GET', '/providers', org)).text).data as {
    uid: string;
    name: string;
  }[];
  const transfero = providers.find((provider) => provider.name === 'Transfero')?.uid;
  if (!transfero || threads.length === 0) throw new Error('The seeded threads or Transfero are missing');

  const registered: string[] = [];
  let counter = 0;
  type Operation = {
    name: string;
    weight: number;
    run(): Promise<{ status: number; text: string; ok: number }>;
  };
  const get = (name: string, path: string, headers: Record<string, string>, weight: number): Operation => ({
    name,
    weight,
    run: async () => ({ ...(await request('GET', path, headers)), ok: 200 }),
  });
  const operations: Operation[] = [
    get('GET me', '/me', {}, 3),
    get('GET organization', '/organization', org, 3),
    get('GET messages', '/messages', org, 3),
    get('GET messages/{uid}', `/messages/${threads[0]?.uid}`, org, 2),
    get('GET rails/transactions', '/rails/transactions', org, 2),
    get('GET wallet', '/wallet', org, 2),
    get('GET rails/blockchain-wallets', '/rails/blockchain-wallets', org, 1),
    {
      name: 'POST messages/{uid}/read',
      weight: 1,
      run: async () => ({ ...(await request('POST', `/messages/${threads[0]?.uid}/read`, org)), ok: 204 }),
    },
    {
      name: 'POST rails/quotes',
      weight: 1,
      run: async () => ({
        ...(await request('POST', '/rails/quotes', org, {
          providerUid: transfero,
          type: 'on_ramp',
          currency: 'BRL',
          network: 'polygon-amoy',
          amount: '100.00',
        })),
        ok: 201,
      }),
    },
    {
      // Registered, then deleted by the next one: the table stays small, the writes go on.
      name: 'POST/DELETE rails/blockchain-wallets',
      weight: 2,
      run: async () => {
        const uid = registered.shift();
        if (uid) return { ...(await request('DELETE', `/rails/blockchain-wallets/${uid}`, org)), ok: 204 };
        counter += 1;
        const address = `0x${counter.toString(16).padStart(8, '0')}${'5'.repeat(32)}`;
        const created = await request('POST', '/rails/blockchain-wallets', org, {
          network: 'ethereum',
          address,
          name: `Soak ${counter}`,
          remark: '',
        });
        if (created.status === 201) registered.push(JSON.parse(created.text).data.uid);
        return { ...created, ok: 201 };
      },
    },
  ];
  const wheel = operations.flatMap((operation) => Array.from({ length: operation.weight }, () => operation));

  const sampleMs = options.sampleMs ?? 500;
  const samples: { t: number; y: number }[] = [];
  const logFrom = api.log.length;
  const started = performance.now();
  const sample = () => samples.push({ t: (performance.now() - started) / 60_000, y: rssMb(api.pid) });
  sample();
  const sampler = setInterval(sample, sampleMs);

  const latencies: number[] = [];
  const errors: string[] = [];
  const counts: Record<string, { sent: number; failed: number }> = {};
  let failures = 0;
  const total = Math.round(options.rate * options.seconds);
  const pending: Promise<void>[] = [];
  for (let sent = 0; sent < total; sent += 1) {
    const due = started + (sent * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const operation = wheel[sent % wheel.length] as Operation;
    const count = counts[operation.name] ?? { sent: 0, failed: 0 };
    counts[operation.name] = count;
    count.sent += 1;
    const fail = (what: string) => {
      failures += 1;
      count.failed += 1;
      if (errors.length < 20) errors.push(`${operation.name}: ${what}`);
    };
    pending.push(
      operation.run().then(
        (response) => {
          latencies.push(performance.now() - due);
          if (response.status !== response.ok) fail(`${response.status} ${response.text.slice(0, 200)}`);
        },
        (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
      ),
    );
  }
  await Promise.all(pending);
  clearInterval(sampler);
  sample();
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const warmupEnd = (options.seconds * (options.warmupShare ?? 0.25)) / 60;
  const steady = samples.filter((point) => point.t >= warmupEnd);
  const values = samples.map((point) => point.y);
  return {
    seconds: options.seconds,
    rate: options.rate,
    sent: total,
    operations: counts,
    errors,
    apiErrors: api.log
      .slice(logFrom)
      .filter((line) => line.includes('"level":50'))
      .slice(-5),
    failures,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? 0),
    },
    memoryMb: {
      start: round(values[0] ?? 0),
      afterWarmup: round(steady[0]?.y ?? 0),
      peak: round(Math.max(...values)),
      end: round(values.at(-1) ?? 0),
      slopePerMinute: round(slope(steady)),
      samples: samples.length,
    },
  };
}

/** The figures, one line each. */
export function describeSoak(result: SoakResult, database: string): string {
  const { latencyMs: l, memoryMb: m } = result;
  return [
    `Soak: ${result.sent} requests at ${result.rate}/s for ${result.seconds} s on ${database} (mixed reads and writes, loopback)`,
    `  errors: ${result.failures === 0 ? 'none' : `${result.failures}\n    ${result.errors.join('\n    ')}`}`,
    ...(result.apiErrors.length > 0 ? [`  API error log:\n    ${result.apiErrors.join('\n    ')}`] : []),
    `  latency: p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms`,
    `  API RSS: start ${m.start} MB, after warm-up ${m.afterWarmup} MB, peak ${m.peak} MB, end ${m.end} MB, slope ${m.slopePerMinute} MB/min (${m.samples} samples)`,
    ...Object.entries(result.operations).map(
      ([name, count]) =>
        `  ${name.padEnd(36)} ${String(count.sent).padStart(6)} sent, ${count.failed} failed`,
    ),
  ].join('\n');
}

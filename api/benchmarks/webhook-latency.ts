/**
 * How soon a webhook reaches its receiver (issue 52): the demo organization has one endpoint at a
 * local HTTP receiver (subscribed to message.received); a provider's mail arrives through the
 * signed POST inbound/email, one at a time, with the API as main.ts runs it (job runner started).
 * Prints the median and p95 from the inbound answer (the message stored, its event published) to
 * the signed delivery reaching the receiver; the goal is a median under 1 s.
 *
 *   cd api && npx tsx benchmarks/webhook-latency.ts [mails=50] [--postgres]
 *
 * The embedded PGlite by default; --postgres runs on a throwaway server (initdb on PATH).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { INBOUND_EMAIL_CONTENT_TYPE, INBOUND_SIGNATURE_HEADER } from '@dash/shared/contracts';
import { Webhook } from 'standardwebhooks';
import { startThrowawayPostgres } from '../../scripts/throwaway-postgres.mjs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, openPglite } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { providerAddresses, providers, webhookEndpoints } from '../src/db/schema';
import { DEMO_ORGANIZATION, seed } from '../src/db/seed';
import { composeMail } from '../src/modules/messages/mime';
import { percentile } from './open-loop.mjs';

const args = process.argv.slice(2);
const usePostgres = args.includes('--postgres');
const [count = 50] = args.filter((arg) => !arg.startsWith('--')).map(Number);
const pg = usePostgres ? await startThrowawayPostgres() : null;
if (usePostgres && !pg) throw new Error('No PostgreSQL (initdb) found');
const config = loadConfig({
  ...(pg ? { DATABASE_URL: pg.url } : {}),
  LOG_LEVEL: 'silent',
  NODE_ENV: 'development',
  INBOUND_SMTP_PORT: '0',
});
const database = pg ? await createDatabase(config) : await openPglite();
const secret = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;

// The receiver verifies each delivery with the reference code and notes when it arrived.
const arrivals = new Map<string, number>();
const waiting = new Map<string, () => void>();
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = performance.now();
    const body = Buffer.concat(chunks).toString();
    const payload = new Webhook(secret).verify(body, request.headers as Record<string, string>) as {
      data: { messageUid: string };
    };
    arrivals.set(payload.data.messageUid, at);
    waiting.get(payload.data.messageUid)?.();
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { port } = receiver.address() as AddressInfo;

console.log(`Database: ${database.kind}; ${count} mails, one at a time`);
try {
  await migrate(database);
  const { organizationUid } = await seed(database.db);
  const [provider] = await database.db
    .insert(providers)
    .values({ name: 'Bench bank', imageUrl: null })
    .returning();
  const from = 'ops@bench-bank.example';
  await database.db.insert(providerAddresses).values({ address: from, providerUid: provider?.uid ?? '' });
  await database.db.insert(webhookEndpoints).values({
    organizationUid,
    url: `http://127.0.0.1:${port}/hooks`,
    eventTypes: ['message.received'],
    secret,
  });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  await app.jobs.start({ exclusive: database.kind === 'pglite' });

  const latencies: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const raw = await composeMail({
      from,
      to: `${DEMO_ORGANIZATION.slug}@${config.messages.clientMailDomain}`,
      subject: `Statement ${i}`,
      text: 'Attached.',
    });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v0/inbound/email',
      headers: {
        'content-type': INBOUND_EMAIL_CONTENT_TYPE,
        [INBOUND_SIGNATURE_HEADER]: `sha256=${createHmac('sha256', config.messages.inboundSecret).update(raw).digest('hex')}`,
      },
      payload: raw,
    });
    const stored = performance.now();
    const messageUid = (answer.json() as { data: { messageUid: string }[] }).data[0]?.messageUid;
    if (answer.statusCode !== 200 || !messageUid) throw new Error(`inbound answered ${answer.statusCode}`);
    if (!arrivals.has(messageUid)) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no webhook for ${messageUid} within 30 s`)), 30_000);
        waiting.set(messageUid, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    latencies.push((arrivals.get(messageUid) ?? stored) - stored);
  }
  await app.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  console.log(
    `webhook latency (inbound answer → receiver): median ${median.toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(median < 1_000 ? 'OK: median under 1 s' : 'SLOW: median 1 s or more');
} finally {
  receiver.close();
  await database.close();
  await pg?.stop();
}

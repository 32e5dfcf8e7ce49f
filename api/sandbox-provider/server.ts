import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalJson } from '../src/http/canonical-json';
import { signTimestamped } from '../src/http/hmac';
import { type SandboxEvent, type SandboxOnboarding, SandboxStore, type SandboxTransfer } from './store';
import {
  helperSteps,
  makeQuote,
  makeTransfer,
  publicQuote,
  publicTransfer,
  SANDBOX_TRANSFER_HELPERS,
  SandboxRefusal,
  type SandboxTransferHelper,
} from './transfers';

/**
 * The sandbox provider: a stand-in for a third-party stablecoin provider with the shape a real one's
 * API has. JSON over HTTP, `Authorization: Bearer <api key>` (one key per hosted provider account),
 * an `Idempotency-Key` on every POST (same key and body: the first answer again, with
 * `Idempotent-Replayed: true`; same key, other body: 422), versioned paths, 4xx JSON errors
 * `{error: {code, message}}`. It reviews an onboarding after `reviewSeconds` and tells us by a signed
 * webhook (`X-Sandbox-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), retried with
 * backoff until we answer 2xx; pending deliveries are persisted, so a restart loses none.
 *
 *   GET  /v1/health                                   (no key) readiness
 *   POST /v1/onboardings                              {externalReference, business, webhookUrl?}
 *   GET  /v1/onboardings, /v1/onboardings/:id
 *   POST /v1/sandbox/onboardings/:id/approve          test helpers: decide now
 *   POST /v1/sandbox/onboardings/:id/reject           {reason?, requirements?}
 *   POST /v1/sandbox/onboardings/:id/request-info     {requirements?}
 *   POST /v1/sandbox/onboardings/:id/fail             {reason?}
 *   POST /v1/quotes                                   {type, currency, network, amount} (transfers.ts)
 *   POST /v1/transfers                                {quoteId, externalReference, destination, webhookUrl?}
 *   GET  /v1/transfers, /v1/transfers/:id
 *   POST /v1/sandbox/transfers/:id/<helper>           {reason?}: funds-received, crypto-received,
 *                                                     complete, payout-failed, return, cancel
 *   POST /v1/sandbox/webhooks/replay/:eventId         deliver the same event (same id) again
 *   GET  /v1/sandbox/events                           events and their deliveries
 *
 * Automatic review: approved, unless the business name contains "reject" (rejected with a reason
 * and requirements) or "more info" (needs_more_info with requirements): deterministic demo branches.
 */
export interface SandboxProviderOptions {
  port: number;
  host?: string;
  /** Where the state file lives; null keeps it in memory. */
  dataDir: string | null;
  /** account → API key. */
  apiKeys: Record<string, string>;
  webhookSecret: string;
  reviewSeconds: number;
  /** How long a quote holds (default 60 s). */
  quoteSeconds?: number;
  /** Used when an onboarding names no webhookUrl; `{account}` is replaced by the account. */
  webhookUrlTemplate?: string | undefined;
  /** First retry delay of a failed delivery (doubling, at most a minute). */
  retryBaseMs?: number;
  tickMs?: number;
  log?: (line: string) => void;
}

export interface SandboxProvider {
  url: string;
  port: number;
  store: SandboxStore;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024;
const DELIVERY_TIMEOUT_MS = 5_000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'payload_too_large', 'The request body is too large.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const publicOnboarding = ({ account: _account, reviewAt: _reviewAt, ...rest }: SandboxOnboarding) => rest;

function requirementsFrom(value: unknown, fallback: SandboxOnboarding['requirements']) {
  if (!Array.isArray(value)) return fallback;
  return value
    .filter(
      (item): item is { code: unknown; description: unknown } => item !== null && typeof item === 'object',
    )
    .map((item) => ({
      code: String(item.code ?? 'requirement'),
      description: String(item.description ?? ''),
    }));
}

export async function startSandboxProvider(options: SandboxProviderOptions): Promise<SandboxProvider> {
  const store = new SandboxStore(options.dataDir);
  const { state } = store;
  const log = options.log ?? (() => undefined);
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const accountByKey = new Map(Object.entries(options.apiKeys).map(([account, key]) => [key, account]));

  function emit(onboarding: SandboxOnboarding, type: string): SandboxEvent {
    return emitEvent(
      onboarding.account,
      type,
      { onboarding: publicOnboarding(onboarding) },
      onboarding.webhookUrl,
    );
  }

  function emitEvent(
    account: string,
    type: string,
    data: Record<string, unknown>,
    webhookUrl: string | null,
  ): SandboxEvent {
    const event: SandboxEvent = {
      id: newId('evt'),
      account,
      type,
      createdAt: new Date().toISOString(),
      data,
    };
    state.events[event.id] = event;
    const url = webhookUrl ?? options.webhookUrlTemplate?.replaceAll('{account}', account) ?? null;
    if (url) {
      state.deliveries.push({
        eventId: event.id,
        url,
        attempts: 0,
        nextAttemptAt: Date.now(),
        deliveredAt: null,
        lastError: null,
      });
    }
    return event;
  }

  function decide(
    onboarding: SandboxOnboarding,
    status: Exclude<SandboxOnboarding['status'], 'pending_review'>,
    details: { reason?: string | null; requirements?: SandboxOnboarding['requirements'] } = {},
  ): SandboxEvent {
    onboarding.status = status;
    onboarding.reason = details.reason ?? null;
    onboarding.requirements = details.requirements ?? [];
    onboarding.reviewAt = null;
    onboarding.updatedAt = new Date().toISOString();
    const event = emit(onboarding, `onboarding.${status}`);
    store.save();
    return event;
  }

  function automaticDecision(onboarding: SandboxOnboarding): void {
    const name = String(onboarding.business.name ?? onboarding.business.legalName ?? '').toLowerCase();
    if (name.includes('reject')) {
      decide(onboarding, 'rejected', {
        reason: 'The business activity is outside our risk appetite.',
        requirements: [{ code: 'business_activity', description: 'A business activity we can serve' }],
      });
    } else if (name.includes('more info')) {
      decide(onboarding, 'needs_more_info', {
        requirements: [
          { code: 'proof_of_address', description: 'A proof of address less than 3 months old' },
        ],
      });
    } else {
      decide(onboarding, 'approved');
    }
  }

  let delivering = false;
  async function deliverDue(): Promise<void> {
    if (delivering) return;
    delivering = true;
    try {
      const now = Date.now();
      for (const onboarding of Object.values(state.onboardings)) {
        if (
          onboarding.status === 'pending_review' &&
          onboarding.reviewAt !== null &&
          onboarding.reviewAt <= now
        ) {
          automaticDecision(onboarding);
        }
      }
      const due = state.deliveries.filter(
        (delivery) => !delivery.deliveredAt && delivery.nextAttemptAt <= now,
      );
      await Promise.all(
        due.map(async (delivery) => {
          const event = state.events[delivery.eventId];
          if (!event) return;
          const body = JSON.stringify({
            id: event.id,
            type: event.type,
            createdAt: event.createdAt,
            data: event.data,
          });
          delivery.attempts += 1;
          try {
            const response = await fetch(delivery.url, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-sandbox-event-id': event.id,
                'x-sandbox-signature': signTimestamped(
                  options.webhookSecret,
                  body,
                  Math.floor(Date.now() / 1000),
                ),
              },
              body,
              signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
            });
            if (response.ok) {
              delivery.deliveredAt = new Date().toISOString();
              delivery.lastError = null;
              log(`Delivered ${event.type} ${event.id} to ${delivery.url}`);
            } else {
              delivery.lastError = `HTTP ${response.status}`;
            }
          } catch (error) {
            delivery.lastError = error instanceof Error ? error.message : String(error);
          }
          if (!delivery.deliveredAt) {
            delivery.nextAttemptAt =
              Date.now() + Math.min(60_000, retryBaseMs * 2 ** (delivery.attempts - 1));
            log(
              `Delivery of ${event.id} failed (${delivery.lastError}); attempt ${delivery.attempts}, retrying`,
            );
          }
        }),
      );
      if (due.length > 0) store.save();
    } finally {
      delivering = false;
    }
  }

  function authenticate(request: IncomingMessage): string {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    const account = match?.[1] ? accountByKey.get(match[1]) : undefined;
    if (!account) throw new HttpError(401, 'unauthorized', 'Missing or unknown API key.');
    return account;
  }

  function onboardingOf(account: string, id: string | undefined): SandboxOnboarding {
    const onboarding = id ? state.onboardings[id] : undefined;
    if (!onboarding || onboarding.account !== account) {
      throw new HttpError(404, 'not_found', 'No such onboarding.');
    }
    return onboarding;
  }

  function transferOf(account: string, id: string | undefined): SandboxTransfer {
    const transfer = id ? state.transfers[id] : undefined;
    if (!transfer || transfer.account !== account) throw new HttpError(404, 'not_found', 'No such transfer.');
    return transfer;
  }

  /** Moves a transfer through a helper's steps, one signed webhook per status. */
  function runTransferHelper(
    transfer: SandboxTransfer,
    helper: SandboxTransferHelper,
    reason: string | null,
  ): string[] {
    const eventIds: string[] = [];
    for (const step of helperSteps(transfer, helper, reason)) {
      step.apply(transfer);
      transfer.status = step.status;
      transfer.updatedAt = new Date().toISOString();
      eventIds.push(
        emitEvent(
          transfer.account,
          `transfer.${step.status}`,
          { transfer: publicTransfer(transfer) },
          transfer.webhookUrl,
        ).id,
      );
    }
    store.save();
    return eventIds;
  }

  function parseJson(text: string): Record<string, unknown> {
    if (text.trim() === '') return {};
    try {
      const value = JSON.parse(text) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // answered below
    }
    throw new HttpError(400, 'invalid_json', 'The body must be a JSON object.');
  }

  /** The POST routes; each runs at most once per Idempotency-Key. */
  function post(
    account: string,
    pathname: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    if (pathname === '/v1/onboardings') {
      const externalReference = body.externalReference;
      if (typeof externalReference !== 'string' || externalReference === '') {
        throw new HttpError(400, 'invalid_request', 'externalReference is required.');
      }
      const business = body.business;
      if (!business || typeof business !== 'object' || Array.isArray(business)) {
        throw new HttpError(400, 'invalid_request', 'business must be an object.');
      }
      const webhookUrl =
        typeof body.webhookUrl === 'string' && body.webhookUrl !== '' ? body.webhookUrl : null;
      const now = new Date();
      const onboarding: SandboxOnboarding = {
        id: newId('onb'),
        account,
        externalReference,
        business: business as Record<string, unknown>,
        status: 'pending_review',
        reason: null,
        requirements: [],
        webhookUrl,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        reviewAt: now.getTime() + options.reviewSeconds * 1000,
      };
      state.onboardings[onboarding.id] = onboarding;
      return { status: 201, body: publicOnboarding(onboarding) };
    }

    const helper = /^\/v1\/sandbox\/onboardings\/([^/]+)\/(approve|reject|request-info|fail)$/.exec(pathname);
    if (helper) {
      const onboarding = onboardingOf(account, helper[1]);
      const reason = typeof body.reason === 'string' && body.reason !== '' ? body.reason : null;
      const event =
        helper[2] === 'approve'
          ? decide(onboarding, 'approved')
          : helper[2] === 'reject'
            ? decide(onboarding, 'rejected', {
                reason: reason ?? 'Rejected in the sandbox.',
                requirements: requirementsFrom(body.requirements, []),
              })
            : helper[2] === 'request-info'
              ? decide(onboarding, 'needs_more_info', {
                  requirements: requirementsFrom(body.requirements, [
                    { code: 'additional_documents', description: 'Additional company documents' },
                  ]),
                })
              : decide(onboarding, 'failed', {
                  reason: reason ?? 'The provider could not process the onboarding.',
                });
      return { status: 200, body: { onboarding: publicOnboarding(onboarding), eventId: event.id } };
    }

    if (pathname === '/v1/quotes') {
      const quote = makeQuote(account, body, options.quoteSeconds ?? 60);
      state.quotes[quote.id] = quote;
      return { status: 201, body: publicQuote(quote) };
    }

    if (pathname === '/v1/transfers') {
      const quote = typeof body.quoteId === 'string' ? state.quotes[body.quoteId] : undefined;
      if (!quote || quote.account !== account) throw new HttpError(404, 'not_found', 'No such quote.');
      if (Object.values(state.transfers).some((transfer) => transfer.quoteId === quote.id)) {
        throw new HttpError(409, 'quote_used', 'This quote was already used.');
      }
      const transfer = makeTransfer(account, quote, body);
      state.transfers[transfer.id] = transfer;
      return { status: 201, body: publicTransfer(transfer) };
    }

    const transferHelper = /^\/v1\/sandbox\/transfers\/([^/]+)\/([a-z-]+)$/.exec(pathname);
    if (transferHelper) {
      const helper = transferHelper[2] as SandboxTransferHelper;
      if (!SANDBOX_TRANSFER_HELPERS.includes(helper))
        throw new HttpError(404, 'not_found', 'No such helper.');
      const transfer = transferOf(account, transferHelper[1]);
      const reason = typeof body.reason === 'string' && body.reason !== '' ? body.reason : null;
      const eventIds = runTransferHelper(transfer, helper, reason);
      return { status: 200, body: { transfer: publicTransfer(transfer), eventIds } };
    }

    const replay = /^\/v1\/sandbox\/webhooks\/replay\/([^/]+)$/.exec(pathname);
    if (replay) {
      const event = replay[1] ? state.events[replay[1]] : undefined;
      if (!event || event.account !== account) throw new HttpError(404, 'not_found', 'No such event.');
      const earlier = state.deliveries.find((delivery) => delivery.eventId === event.id);
      if (!earlier)
        throw new HttpError(409, 'no_webhook_url', 'This event has no webhook URL to deliver to.');
      state.deliveries.push({
        eventId: event.id,
        url: earlier.url,
        attempts: 0,
        nextAttemptAt: Date.now(),
        deliveredAt: null,
        lastError: null,
      });
      return { status: 202, body: { eventId: event.id } };
    }
    throw new HttpError(404, 'not_found', 'No such route.');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox.local');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/v1/health') return send(200, { status: 'ok' });

    const account = authenticate(request);
    if (request.method === 'GET') {
      if (url.pathname === '/v1/onboardings') {
        return send(200, {
          data: Object.values(state.onboardings)
            .filter((onboarding) => onboarding.account === account)
            .map(publicOnboarding),
        });
      }
      if (url.pathname === '/v1/transfers') {
        return send(200, {
          data: Object.values(state.transfers)
            .filter((transfer) => transfer.account === account)
            .map(publicTransfer),
        });
      }
      const one = /^\/v1\/onboardings\/([^/]+)$/.exec(url.pathname);
      if (one) return send(200, publicOnboarding(onboardingOf(account, one[1])));
      const transfer = /^\/v1\/transfers\/([^/]+)$/.exec(url.pathname);
      if (transfer) return send(200, publicTransfer(transferOf(account, transfer[1])));
      if (url.pathname === '/v1/sandbox/events') {
        return send(200, {
          data: Object.values(state.events)
            .filter((event) => event.account === account)
            .map((event) => ({
              ...event,
              deliveries: state.deliveries.filter((delivery) => delivery.eventId === event.id),
            })),
        });
      }
      throw new HttpError(404, 'not_found', 'No such route.');
    }
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.');

    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key.trim() === '' || key.length > 255) {
      throw new HttpError(400, 'idempotency_key_required', 'Send an Idempotency-Key header with every POST.');
    }
    const type = request.headers['content-type'] ?? 'application/json';
    if (!type.startsWith('application/json')) {
      throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.');
    }
    const text = await readBody(request);
    const body = parseJson(text);
    const fingerprint = createHash('sha256')
      .update(`${url.pathname}\n${canonicalJson(body)}`)
      .digest('hex');
    const recordKey = `${account} POST ${url.pathname} ${key}`;
    const earlier = state.idempotency[recordKey];
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw new HttpError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was used with another request body.',
        );
      }
      return send(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
    }
    const answer = post(account, url.pathname, body);
    state.idempotency[recordKey] = { fingerprint, ...answer, at: new Date().toISOString() };
    store.save();
    send(answer.status, answer.body);
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const known =
        error instanceof HttpError
          ? error
          : error instanceof SandboxRefusal
            ? new HttpError(error.status, error.code, error.message)
            : new HttpError(500, 'internal', 'Sandbox error.');
      if (!(error instanceof HttpError) && !(error instanceof SandboxRefusal))
        log(`Error: ${error instanceof Error ? error.stack : String(error)}`);
      if (!response.headersSent) {
        response.writeHead(known.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: known.code, message: known.message } }));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const timer = setInterval(() => void deliverDue(), options.tickMs ?? 200);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    store,
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

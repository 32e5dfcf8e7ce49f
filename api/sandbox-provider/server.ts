import { createHash } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hex } from 'viem';
import { isAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_CHAIN_KEYS } from '../src/chain/dev-chains';
import { canonicalJson } from '../src/http/canonical-json';
import { SandboxChain, type SandboxChainConfig } from './chain';
import { createChainWork } from './deliveries';
import { Lifecycle } from './loops';
import {
  createOnboardings,
  ONBOARDING_HELPERS,
  type OnboardingHelper,
  publicOnboarding,
} from './onboardings';
import { HttpError, parseJson, readBody } from './requests';
import { SandboxStore, type SandboxTransfer } from './store';
import {
  makeQuote,
  makeTransfer,
  moveTransfer,
  publicQuote,
  publicTransfer,
  SANDBOX_STABLECOIN,
  SANDBOX_TRANSFER_HELPERS,
  SandboxRefusal,
  type SandboxTransferHelper,
} from './transfers';
import { watchDeposits } from './watcher';
import { createWebhooks } from './webhooks';

/**
 * The sandbox provider: a stand-in for a third-party stablecoin provider with the shape a real one's
 * API has. JSON over HTTP, `Authorization: Bearer <api key>` (one key per hosted provider account),
 * an `Idempotency-Key` on every POST (same key and body: the first answer again, with
 * `Idempotent-Replayed: true`; same key, other body: 422), versioned paths, 4xx JSON errors
 * `{error: {code, message}}`. It reviews an onboarding after `reviewSeconds` and tells us by a signed
 * webhook (`X-Sandbox-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), retried with
 * backoff until we answer 2xx; pending deliveries are persisted, so a restart loses none.
 *
 * It moves real tokens on the EVM chains it is given (`chains`: the dev chains' test tokens, from
 * its treasury key): an on-ramp's stablecoin is an ERC-20 transfer to the wallet, and an off-ramp
 * is paid to a deposit address of its own per transfer, which a watcher credits from the chain's
 * Transfer logs after `confirmations` blocks (deliveries.ts, watcher.ts). A network it has no
 * chain or token for is refused at the quote (400 unsupported_network).
 *
 *   GET  /v1/health                                   (no key) readiness; watchedBlocks: the last block
 *                                                     each chain's deposit watcher read, by chain id
 *   POST /v1/onboardings                              {externalReference, business, webhookUrl?}
 *   GET  /v1/onboardings, /v1/onboardings/:id
 *   POST /v1/sandbox/onboardings/:id/approve          test helpers: decide now
 *   POST /v1/sandbox/onboardings/:id/reject           {reason?, requirements?}
 *   POST /v1/sandbox/onboardings/:id/request-info     {requirements?}
 *   POST /v1/sandbox/onboardings/:id/fail             {reason?}
 *   POST /v1/quotes                                   {type, currency, network, amount} (transfers.ts)
 *   POST /v1/transfers                                {quoteId, externalReference, destination, webhookUrl?}
 *                                                     (on-ramp destination: {network, address})
 *   GET  /v1/transfers, /v1/transfers/:id             off-ramps: instructions.address to pay, and
 *                                                     once paid deposit {txHash, sender, amount}
 *   POST /v1/sandbox/transfers/:id/<helper>           {reason?}: test helpers; each answers
 *                                                     {transfer, eventIds} after the chain work
 *        funds-received  on-ramp: the fiat arrived; sends the quoted stablecoin to the wallet and
 *                        answers once it is confirmed (funds_received, payment_submitted,
 *                        completed; failed when it cannot be sent). Again: the same delivery.
 *        complete        payout done (off-ramp payment_submitted)
 *        payout-failed   {reason?} the bank payout failed: failed; an off-ramp's deposit goes
 *                        back to its sender on chain, and it ends returned
 *        return          {reason?} returned; an off-ramp's deposit goes back to its sender on chain
 *        cancel          {reason?} awaiting_funds: no funds came
 *                        (an off-ramp's deposit has no helper: the chain decides)
 *   POST /v1/sandbox/webhooks/replay/:eventId         deliver the same event (same id) again
 *   GET  /v1/sandbox/events                           events and their deliveries
 *
 * Onboardings: onboardings.ts; quotes and transfers: transfers.ts; webhooks: webhooks.ts.
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
  /** The chains it moves tokens on (each network's LOCAL_CHAIN_TOKENS); none: every quote is refused. */
  chains?: SandboxChainConfig[];
  /** The key that holds the tokens and pays the gas (default: the dev chains' treasury). */
  treasuryKey?: Hex;
  /** Blocks a transaction or a deposit needs, its own included (default 1). */
  confirmations?: number;
  /** How often each chain is asked for new blocks and receipts (default 500 ms). */
  chainPollMs?: number;
}

export interface SandboxProvider {
  url: string;
  port: number;
  store: SandboxStore;
  close(): Promise<void>;
}

export async function startSandboxProvider(options: SandboxProviderOptions): Promise<SandboxProvider> {
  const store = new SandboxStore(options.dataDir);
  const { state } = store;
  const log = options.log ?? (() => undefined);
  const accountByKey = new Map(Object.entries(options.apiKeys).map(([account, key]) => [key, account]));
  const webhooks = createWebhooks(store, {
    webhookSecret: options.webhookSecret,
    webhookUrlTemplate: options.webhookUrlTemplate,
    retryBaseMs: options.retryBaseMs ?? 1_000,
    log,
  });
  const onboardings = createOnboardings(store, webhooks, options.reviewSeconds);
  const lifecycle = new Lifecycle();
  const confirmations = options.confirmations ?? 1;
  const pollMs = options.chainPollMs ?? 500;
  const treasuryKey = options.treasuryKey ?? DEV_CHAIN_KEYS.treasury;
  const chains = (options.chains ?? []).map(
    (config) => new SandboxChain(config, { confirmations, pollMs, lifecycle, log }),
  );
  const move = moveTransfer.bind(null, webhooks.emit);
  /** Posts being answered, by idempotency record key: a second one with the same key is 409. */
  const inFlight = new Set<string>();

  /** Refuses a network the sandbox has no chain or token for: it could never move the stablecoin. */
  function refuseUnsupportedNetwork(currency: unknown, network: unknown): void {
    const symbol = typeof currency === 'string' ? SANDBOX_STABLECOIN[currency] : undefined;
    if (!symbol || typeof network !== 'string' || network === '') return;
    if (!chains.some((chain) => chain.network === network && chain.token(symbol))) {
      throw new HttpError(
        400,
        'unsupported_network',
        `The sandbox does not move ${symbol} on ${network}: it has no chain or token there.`,
      );
    }
  }

  const work = createChainWork({
    state,
    chains,
    treasuryKey,
    treasury: privateKeyToAccount(treasuryKey),
    pollMs,
    lifecycle,
    save: () => store.save(),
    move,
    log,
  });
  for (const chain of chains) {
    watchDeposits({ state, chain, work, confirmations, pollMs, lifecycle, move, log });
  }

  function authenticate(request: IncomingMessage): string {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    const account = match?.[1] ? accountByKey.get(match[1]) : undefined;
    if (!account) throw new HttpError(401, 'unauthorized', 'Missing or unknown API key.');
    return account;
  }

  function transferOf(account: string, id: string | undefined): SandboxTransfer {
    const transfer = id ? state.transfers[id] : undefined;
    if (!transfer || transfer.account !== account) throw new HttpError(404, 'not_found', 'No such transfer.');
    return transfer;
  }

  /** The POST routes; each runs at most once per Idempotency-Key. */
  async function post(
    account: string,
    pathname: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown }> {
    if (pathname === '/v1/onboardings') {
      return { status: 201, body: publicOnboarding(onboardings.create(account, body)) };
    }

    const helper = /^\/v1\/sandbox\/onboardings\/([^/]+)\/([a-z-]+)$/.exec(pathname);
    if (helper && (ONBOARDING_HELPERS as readonly string[]).includes(helper[2] ?? '')) {
      const onboarding = onboardings.of(account, helper[1]);
      const event = onboardings.decideNow(onboarding, helper[2] as OnboardingHelper, body);
      return { status: 200, body: { onboarding: publicOnboarding(onboarding), eventId: event.id } };
    }

    if (pathname === '/v1/quotes') {
      refuseUnsupportedNetwork(body.currency, body.network);
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
      refuseUnsupportedNetwork(quote.currency, quote.network);
      const destination = body.destination as { address?: unknown } | undefined;
      if (
        quote.type === 'on_ramp' &&
        !(typeof destination?.address === 'string' && isAddress(destination.address))
      ) {
        throw new HttpError(400, 'invalid_request', 'destination.address must be an EVM address.');
      }
      const transfer = makeTransfer(account, quote, body, new Date(), treasuryKey);
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
      const { status, eventIds } = await work.helper(transfer, helper, reason);
      return { status, body: { transfer: publicTransfer(transfer), eventIds } };
    }

    const replay = /^\/v1\/sandbox\/webhooks\/replay\/([^/]+)$/.exec(pathname);
    if (replay) return { status: 202, body: { eventId: webhooks.replay(account, replay[1]).id } };
    throw new HttpError(404, 'not_found', 'No such route.');
  }

  function get(account: string, pathname: string): unknown {
    if (pathname === '/v1/onboardings') {
      return {
        data: Object.values(state.onboardings)
          .filter((onboarding) => onboarding.account === account)
          .map(publicOnboarding),
      };
    }
    if (pathname === '/v1/transfers') {
      return {
        data: Object.values(state.transfers)
          .filter((transfer) => transfer.account === account)
          .map(publicTransfer),
      };
    }
    const one = /^\/v1\/onboardings\/([^/]+)$/.exec(pathname);
    if (one) return publicOnboarding(onboardings.of(account, one[1]));
    const transfer = /^\/v1\/transfers\/([^/]+)$/.exec(pathname);
    if (transfer) return publicTransfer(transferOf(account, transfer[1]));
    if (pathname === '/v1/sandbox/events') {
      return {
        data: Object.values(state.events)
          .filter((event) => event.account === account)
          .map((event) => ({
            ...event,
            deliveries: state.deliveries.filter((delivery) => delivery.eventId === event.id),
          })),
      };
    }
    throw new HttpError(404, 'not_found', 'No such route.');
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox.local');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/v1/health') {
      // With the last block each chain's deposit watcher has read, by chain id: a test waits on it.
      const watched = Object.entries(state.chainCursors).map(([chainId, cursor]) => [
        chainId,
        cursor.lastBlock,
      ]);
      return send(200, { status: 'ok', watchedBlocks: Object.fromEntries(watched) });
    }

    const account = authenticate(request);
    if (request.method === 'GET') return send(200, get(account, url.pathname));
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
    if (inFlight.has(recordKey)) {
      throw new HttpError(
        409,
        'idempotency_key_in_flight',
        'A request with this Idempotency-Key is still being answered; try again shortly.',
      );
    }
    inFlight.add(recordKey);
    try {
      const answer = await post(account, url.pathname, body);
      state.idempotency[recordKey] = { fingerprint, ...answer, at: new Date().toISOString() };
      store.save();
      send(answer.status, answer.body);
    } finally {
      inFlight.delete(recordKey);
    }
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
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await lifecycle.stop();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const timer = setInterval(() => {
    onboardings.reviewDue();
    void webhooks.deliverDue();
  }, options.tickMs ?? 200);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    store,
    async close() {
      clearInterval(timer);
      await lifecycle.stop();
      work.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      store.close();
    },
  };
}

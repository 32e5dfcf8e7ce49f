import { randomUUID } from 'node:crypto';
import { createTestClient, http } from 'viem';
import type { SandboxChainConfig } from '../../sandbox-provider/chain';
import { type SandboxProvider, startSandboxProvider } from '../../sandbox-provider/server';
import type { SandboxTransfer } from '../../sandbox-provider/store';
import { testDevChain } from './dev-chain';
import { SANDBOX_TEST_KEYS, SANDBOX_TEST_SECRET } from './providers';

/**
 * Sandbox providers on the test file's dev chains, for the sandbox's own chain tests, called over
 * HTTP as the transfero account. A file stops them after each test: `afterEach(stopChainSandboxes)`.
 */
const running: SandboxProvider[] = [];
export async function stopChainSandboxes(): Promise<void> {
  for (const sandbox of running.splice(0).reverse()) await sandbox.close();
}

export async function testChains(): Promise<(SandboxChainConfig & { url: string })[]> {
  const devChain = await testDevChain();
  return devChain.chains.map(({ network, chainId, url }) => ({ network, chainId, rpcUrl: url, url }));
}

export async function rpcUrlOf(network: string): Promise<string> {
  const chain = (await testChains()).find((candidate) => candidate.network === network);
  if (!chain) throw new Error(`no test chain for ${network}`);
  return chain.url;
}

/** Anvil's test methods (mining, snapshots, automine) on a test chain. */
export async function anvilOf(network: string) {
  return createTestClient({ mode: 'anvil', transport: http(await rpcUrlOf(network)) });
}

export async function startChainSandbox(
  options: { dataDir?: string; confirmations?: number; chains?: SandboxChainConfig[] } = {},
): Promise<SandboxProvider> {
  const sandbox = await startSandboxProvider({
    port: 0,
    dataDir: options.dataDir ?? null,
    apiKeys: SANDBOX_TEST_KEYS,
    webhookSecret: SANDBOX_TEST_SECRET,
    reviewSeconds: 3600,
    chains: options.chains ?? (await testChains()),
    confirmations: options.confirmations ?? 1,
    chainPollMs: 50,
    tickMs: 20,
  });
  running.push(sandbox);
  return sandbox;
}

/** A POST or GET to the sandbox as transfero (POSTs with a new Idempotency-Key unless one is given). */
export async function sandboxCall(
  sandbox: SandboxProvider,
  method: 'GET' | 'POST',
  route: string,
  options: { body?: unknown; idempotencyKey?: string } = {},
) {
  const response = await fetch(`${sandbox.url}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${SANDBOX_TEST_KEYS.transfero}`,
      ...(method === 'POST'
        ? { 'idempotency-key': options.idempotencyKey ?? randomUUID(), 'content-type': 'application/json' }
        : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(options.body ?? {}) } : {}),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as never };
}

type PublicTransfer = Omit<SandboxTransfer, 'account' | 'webhookUrl' | 'delivery' | 'returns' | 'deposit'> & {
  deposit: { txHash: string; logIndex: number; sender: string; amount: string; symbol: string } | null;
  returnTxHash: string | null;
};

/** Quotes and creates a transfer; an on-ramp pays out to `wallet`. */
export async function createSandboxTransfer(
  sandbox: SandboxProvider,
  quote: { type: 'on_ramp' | 'off_ramp'; currency: 'BRL' | 'MXN'; network: string; amount: string },
  wallet?: string,
): Promise<PublicTransfer> {
  const quoted = await sandboxCall(sandbox, 'POST', '/v1/quotes', { body: quote });
  if (quoted.status !== 201)
    throw new Error(`quote answered ${quoted.status}: ${JSON.stringify(quoted.body)}`);
  const created = await sandboxCall(sandbox, 'POST', '/v1/transfers', {
    body: {
      quoteId: (quoted.body as { id: string }).id,
      externalReference: randomUUID(),
      destination: wallet ? { kind: 'wallet', network: quote.network, address: wallet } : { kind: 'bank' },
    },
  });
  if (created.status !== 201) throw new Error(`transfer answered ${created.status}`);
  return created.body;
}

export async function sandboxTransfer(sandbox: SandboxProvider, id: string): Promise<PublicTransfer> {
  return (await sandboxCall(sandbox, 'GET', `/v1/transfers/${id}`)).body;
}

/** The sandbox's events about a transfer, oldest first: type and the transfer as the event carried it. */
export function eventsOf(sandbox: SandboxProvider, transferId: string) {
  return Object.values(sandbox.store.state.events)
    .filter((event) => (event.data.transfer as { id?: string } | undefined)?.id === transferId)
    .map((event) => ({ id: event.id, type: event.type, transfer: event.data.transfer as PublicTransfer }));
}

/** Polls `probe` until it answers something other than undefined. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 15_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Crash and restart: the built API as a real process (api/src/test/stack.ts), killed with SIGKILL
 * at a named point in the middle of a flow (CRASH_AT, src/crash-point.ts) and started again on
 * the same data. Each flow must then complete exactly once, as the outside world sees it (the dev
 * chain, the sandbox provider's own API, the outbox), and the ledger must still balance. Last, the
 * short soak of `npm test` (the long one is `pnpm soak`): the API that came back from all that
 * answers a steady mix of reads and writes without an error and without growing without bound.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL (node scripts/test-api.mjs --project crash).
 */
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashPoint } from '../../crash-point';
import { DEV_SANDBOX_API_KEYS } from '../../modules/providers/adapters/sandbox-config';
import { DEV_CHAIN_RELAYER_KEY } from '../../modules/wallet/safe';
import { describeSoak, runSoak } from '../soak';
import { eventually, type Session, type Stack, signInOverHttp, startStack } from '../stack';
import { balanceMismatches, volumeMismatches } from '../transfers';

const DEMO_EMAIL = 'demo@example.com';
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;

let stack: Stack;
let demo: Session;
let organizationUid: string;
let userUid: string;

beforeAll(async () => {
  stack = await startStack({ databaseUrl });
  await startArmed(KILL_POINTS[0]);
  demo = await signInOverHttp(stack.apiUrl, DEMO_EMAIL);
  const me = await demo.request('GET', '/me');
  userUid = me.body.data.uid;
  const organizations = await demo.request('GET', '/me/organizations');
  organizationUid = organizations.body.data.find(
    (organization: { slug: string }) => organization.slug === 'acme-treasury',
  ).uid;
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

/** As the demo Admin of Acme Treasury. */
const api = (
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
) => demo.request(method, path, { ...options, organization: organizationUid });

/**
 * The kill points in the order the tests reach them. Each restart arms the next one, so the
 * process that recovers one flow is the one that dies in the next (seven API starts, then one for
 * the soak).
 */
const KILL_POINTS: CrashPoint[] = [
  'wallet.deploy.after-record',
  'safe.execute.after-record',
  'transfers.submit.after-provider-call',
  'providers.onboarding.after-provider-call',
  'uploads.receive.after-store',
  'messages.send-reply.after-send',
];
let armedWith: CrashPoint | undefined;

async function startArmed(point: CrashPoint | undefined) {
  armedWith = point;
  return stack.startApi(point ? { crashAt: point } : {});
}

/**
 * Runs `act` (whose request may die with the process) on the API armed with `point`, waits for the
 * process to kill itself there, and starts it again on the same data, armed with the next point.
 */
async function crashDuring(point: CrashPoint, act: () => Promise<void>): Promise<void> {
  if (armedWith !== point) {
    await stack.api?.stop();
    await startArmed(point);
  }
  const armed = stack.api;
  if (!armed) throw new Error('The API is not running');
  await act();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    armed.child.kill('SIGKILL');
  }, 30_000);
  const exit = await armed.exited;
  clearTimeout(timer);
  // It killed itself at the point (not the harness after waiting in vain).
  expect(timedOut, `the API never reached ${point}:\n${armed.log.slice(-20).join('\n')}`).toBe(false);
  expect(exit.signal).toBe('SIGKILL');
  await startArmed(KILL_POINTS[KILL_POINTS.indexOf(point) + 1]);
}

/**
 * The answer to a request that starts the flow, or null when the process died before answering:
 * its job may reach the kill point (right after the commit) before the response is written.
 */
async function answerOrDeath<T>(response: Promise<T>): Promise<T | null> {
  try {
    return await response;
  } catch {
    return null;
  }
}

async function sandbox(account: 'transfero' | 'bitso', path: string) {
  const response = await fetch(`${stack.sandboxUrl}${path}`, {
    headers: { authorization: `Bearer ${DEV_SANDBOX_API_KEYS[account]}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

async function chainCall(method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(stack.chainUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

const relayer = privateKeyToAccount(DEV_CHAIN_RELAYER_KEY).address;
const relayerTransactions = async () =>
  Number(await chainCall('eth_getTransactionCount', [relayer, 'latest']));

/** The demo Admin's signing device for the Safe: a fresh key, registered with its proof. */
const ownerKey = privateKeyToAccount(generatePrivateKey());

describe(`crash and restart (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('deploys the Safe once when the API dies between recording the transaction and broadcasting it', async () => {
    expect((await api('POST', '/wallet/signer/propose', { body: { userUid } })).status).toBe(201);
    const challenge = await demo.request('POST', '/profile/signing-devices/challenges', {
      body: { ethAddress: ownerKey.address },
    });
    expect(challenge.status, JSON.stringify(challenge.body)).toBe(201);
    const created = await demo.request('POST', '/profile/signing-devices', {
      body: {
        name: 'Crash harness key',
        ethAddress: ownerKey.address,
        proof: {
          challengeUid: challenge.body.data.uid,
          signature: await ownerKey.signMessage({ message: challenge.body.data.message }),
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const device = created.body.data;
    expect(
      (await api('POST', '/wallet/signer/signing-device', { body: { signingDeviceUid: device.uid } })).status,
    ).toBe(200);
    const sentBefore = await relayerTransactions();

    await crashDuring('wallet.deploy.after-record', async () => {
      const deploy = await answerOrDeath(api('POST', '/wallet/deploy', { body: { threshold: 1 } }));
      if (deploy) {
        expect(deploy.status, JSON.stringify(deploy.body)).toBe(202);
        expect(deploy.body.data.status).toBe('deploying');
      }
    });

    const wallet = await eventually('the wallet to be deployed', async () => {
      const answer = await api('GET', '/wallet');
      return answer.body.data.status === 'deployed' ? answer.body.data : undefined;
    });
    expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await chainCall('eth_getCode', [wallet.address, 'latest'])).not.toBe('0x');
    // The one recorded transaction went out after the restart; nothing was sent twice.
    expect(await relayerTransactions()).toBe(sentBefore + 1);
  });

  it('executes a Safe transaction once when the API dies between recording execTransaction and broadcasting it', async () => {
    // A transfer at the next nonce, and its rejection: the rejection (an empty call, no tokens
    // needed) is confirmed by the one owner and executed by the relayer.
    const wallet = await api('POST', '/rails/blockchain-wallets', {
      body: {
        network: 'arbitrum-sepolia',
        address: privateKeyToAccount(generatePrivateKey()).address,
        name: 'Payee',
      },
    });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(201);
    const propose = (body: unknown) =>
      api('POST', '/wallet/transactions', { body, headers: { 'idempotency-key': crypto.randomUUID() } });
    const transfer = await propose({
      kind: 'transfer',
      symbol: 'USDC',
      amount: '1',
      walletUid: wallet.body.data.uid,
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
    const rejection = await propose({ kind: 'rejection', nonce: transfer.body.data.nonce });
    expect(rejection.status, JSON.stringify(rejection.body)).toBe(201);
    const sentBefore = await relayerTransactions();

    await crashDuring('safe.execute.after-record', async () => {
      const confirmed = await answerOrDeath(
        api('POST', `/wallet/transactions/${rejection.body.data.safeTxHash}/confirmations`, {
          body: { signature: await ownerKey.signTypedData(JSON.parse(rejection.body.data.typedData)) },
        }),
      );
      if (confirmed) expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    });

    const executed = await eventually('the rejection to be executed', async () => {
      const answer = await api('GET', `/wallet/transactions/${rejection.body.data.safeTxHash}`);
      return answer.body.data?.status === 'executed' ? answer.body.data : undefined;
    });
    expect(executed.executionTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    // The one recorded execTransaction went out after the restart; nothing was sent twice.
    expect(await relayerTransactions()).toBe(sentBefore + 1);
    const receipt = (await chainCall('eth_getTransactionReceipt', [executed.executionTxHash])) as {
      status: string;
    };
    expect(receipt.status).toBe('0x1');
    const original = await api('GET', `/wallet/transactions/${transfer.body.data.safeTxHash}`);
    expect(original.body.data.status).toBe('replaced');
  });

  it('creates the provider transfer once when the API dies between the provider call and its commit', async () => {
    const wallets = await api('GET', '/rails/blockchain-wallets');
    const target = wallets.body.data.find((wallet: { network: string }) => wallet.network === 'polygon-amoy');
    const idempotencyKey = `crash-${Date.now()}`;
    const deposit = () =>
      api('POST', '/deposits', {
        headers: { 'idempotency-key': idempotencyKey },
        body: {
          provider: 'Transfero',
          currencyId: 'BRL',
          stablecoinId: 'testbrz',
          networkId: 'polygon-amoy',
          amount: '150.00',
          targetWalletUid: target.uid,
        },
      });
    let transferUid = '';
    await crashDuring('transfers.submit.after-provider-call', async () => {
      const created = await answerOrDeath(deposit());
      if (created) {
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        transferUid = created.body.data.uid;
      }
    });
    if (!transferUid) {
      // The answer died with the process: the deposit is the newest transaction.
      const listed = await api('GET', '/rails/transactions');
      transferUid = listed.body.data[0].uid;
    }

    const transfer = await eventually('the transfer to carry the provider instructions', async () => {
      const answer = await api('GET', `/rails/transactions/${transferUid}`);
      return answer.body.data?.instructions ? answer.body.data : undefined;
    });
    expect(transfer.status).toBe('awaiting_funds');
    // The provider itself knows one transfer for ours.
    const atProvider = (await sandbox('transfero', '/v1/transfers')).filter(
      (candidate) => candidate.externalReference === transferUid,
    );
    expect(atProvider).toHaveLength(1);
    // The same request again (a client retrying after the outage) answers the same transfer.
    const again = await deposit();
    expect(again.status).toBe(201);
    expect(again.body.data.uid).toBe(transferUid);
  });

  it('onboards with the provider once when the API dies between the provider call and its commit', async () => {
    const providers = await api('GET', '/providers');
    const bitso = providers.body.data.find((provider: { name: string }) => provider.name === 'Bitso');
    await crashDuring('providers.onboarding.after-provider-call', async () => {
      const started = await answerOrDeath(
        api('POST', '/provider-accounts', { body: { providerUid: bitso.uid } }),
      );
      if (started) expect(started.status, JSON.stringify(started.body)).toBe(202);
    });
    const account = await eventually('the Bitso account to be Active', async () => {
      const answer = await api('GET', `/provider-accounts/${bitso.uid}`);
      return answer.body.data?.status === 'Active' ? answer.body.data : undefined;
    });
    const atProvider = (await sandbox('bitso', '/v1/onboardings')).filter(
      (onboarding) => onboarding.externalReference === account.uid,
    );
    expect(atProvider).toHaveLength(1);
  });

  it('stores an attachment and sends a reply once across a crash during the upload and one during the send', async () => {
    const threads = await api('GET', '/messages');
    const thread = threads.body.data[0];
    const bytes = Buffer.from('Crash harness attachment: the same bytes, stored once.\n');
    const newUpload = async () => {
      const created = await api('POST', '/uploads', {
        body: { filename: 'statement.txt', contentType: 'text/plain', byteSize: bytes.length },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data as { tempFileId: string; signedUrl: string };
    };
    const put = (signedUrl: string) =>
      demo.request('PUT', `${stack.baseUrl}${signedUrl}`, {
        raw: bytes,
        headers: { 'content-type': 'text/plain' },
      });

    const first = await newUpload();
    await crashDuring('uploads.receive.after-store', async () => {
      await expect(put(first.signedUrl)).rejects.toThrow();
    });
    // The link was spent by the upload the crash cut short: the client uploads again.
    const retried = await put(first.signedUrl);
    expect(retried.status).toBe(409);
    const second = await newUpload();
    const uploaded = await put(second.signedUrl);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);

    const content = `Crash harness reply ${Date.now()}`;
    let messageUid = '';
    await crashDuring('messages.send-reply.after-send', async () => {
      const replied = await answerOrDeath(
        api('POST', `/messages/${thread.uid}`, {
          body: { content, attachments: [{ filename: 'statement.txt', tempFileId: second.tempFileId }] },
        }),
      );
      if (replied) {
        expect(replied.status, JSON.stringify(replied.body)).toBe(201);
        messageUid = replied.body.data.uid;
      }
    });

    const message = await eventually('the reply to be sent', async () => {
      const page = await api('GET', `/messages/${thread.uid}`);
      const found = page.body.data.find(
        (candidate: { uid: string; text: string }) =>
          candidate.uid === messageUid || (!messageUid && candidate.text === content),
      );
      return found?.delivery === 'sent' ? found : undefined;
    });
    expect(message.attachments).toHaveLength(1);
    const download = await demo.request('GET', `${stack.baseUrl}${message.attachments[0].url}`);
    expect(download.status).toBe(200);
    expect(String(download.body)).toBe(bytes.toString());
    const outbox = await demo.request('GET', `/dev/mailbox?to=${encodeURIComponent(message.to[0])}`);
    const sent = (outbox.body as { text: string; attachments?: unknown[] }[]).filter((mail) =>
      mail.text.includes(content),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.attachments).toHaveLength(1);
  });

  it('leaves a database where the ledger balances and no job is lost or stuck', async () => {
    await stack.api?.stop();
    const database = await stack.openDatabase();
    try {
      const unbalanced = await database.db.execute(sql`
        select currency, sum(amount)::text as total from ledger_entries group by currency
        having sum(amount) <> 0`);
      expect(unbalanced.rows).toEqual([]);
      const postings = await database.db.execute(sql`select count(*)::int as n from ledger_entries`);
      expect((postings.rows[0] as { n: number }).n).toBeGreaterThan(0);
      const jobs = await database.db.execute(sql`
        select kind, status, last_error from jobs where status in ('failed', 'running')`);
      expect(jobs.rows).toEqual([]);
      const wallets = await database.db.execute(sql`select status, deploy_attempt from wallet_deployments`);
      expect(wallets.rows).toEqual([{ status: 'deployed', deploy_attempt: 1 }]);
      const duplicates = await database.db.execute(sql`
        select message_id from outbox_mails where message_id is not null group by message_id having count(*) > 1`);
      expect(duplicates.rows).toEqual([]);
      // The transactions list's totals (transfer_counts, kept by a trigger) agree with the transfers.
      const miscounted = await database.db.execute(sql`
        select organization_uid, type, status, fiat_currency from (
          select organization_uid, type, status, fiat_currency, count(*) as n from transfers
          group by organization_uid, type, status, fiat_currency) actual
        full join transfer_counts tally using (organization_uid, type, status, fiat_currency)
        where coalesce(actual.n, 0) <> coalesce(tally.count, 0)`);
      expect(miscounted.rows).toEqual([]);
      const tallied = await database.db.execute(sql`select sum(count)::int as n from transfer_counts`);
      expect((tallied.rows[0] as { n: number }).n).toBeGreaterThan(0);
      // The ledger's running balances and the completed volume (kept by triggers) agree with the
      // lines and the transfers.
      expect(await balanceMismatches(database.db)).toEqual([]);
      expect(await volumeMismatches(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it(`then answers a steady mix of reads and writes without an error and without unbounded growth (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, async () => {
    await startArmed(undefined);
    const result = await runSoak(stack, demo.cookie ?? '', { seconds: 20, rate: 25 });
    console.log(describeSoak(result, databaseUrl ? 'PostgreSQL' : 'PGlite'));
    expect(result.errors).toEqual([]);
    expect(result.failures).toBe(0);
    // Every kind of request ran (a mix that silently lost its writes would pass otherwise).
    for (const [name, count] of Object.entries(result.operations))
      expect(count.sent, name).toBeGreaterThan(0);
    // Warmed up, the process stays within a bound: a leak of even a few kB per request passes it.
    expect(result.memoryMb.end - result.memoryMb.afterWarmup).toBeLessThan(64);
  }, 180_000);
});
